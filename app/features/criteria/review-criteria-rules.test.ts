import { describe, expect, it } from "vitest";
import {
  addCriterion,
  canAddCriterion,
  initialReviewCriteria,
  remainingPerDimension,
  removeCriterion,
  validateSelection,
  type RuleSet,
} from "./review-criteria-rules";

const set: RuleSet = {
  flex: 2,
  basic: false,
  criteria: [
    { id: "s1", dimension: 1 },
    { id: "s2", dimension: 2 },
  ],
};
const extra = (id: string, dimension: 1 | 2 | 3 = 1) => ({ id, dimension });

describe("criteria of a review with a set", () => {
  it("starts with the set's criteria, locked when the set is not basic", () => {
    expect(initialReviewCriteria(set)).toEqual([
      { id: "s1", dimension: 1, belongsToSet: true, locked: true },
      { id: "s2", dimension: 2, belongsToSet: true, locked: true },
    ]);
  });

  it("does not lock the criteria of a basic set", () => {
    expect(initialReviewCriteria({ ...set, basic: true }).every((e) => e.belongsToSet && !e.locked)).toBe(true);
  });

  it("allows at most flex extra criteria per dimension", () => {
    let entries = initialReviewCriteria(set);
    entries = addCriterion(set, entries, extra("a")).entries;
    entries = addCriterion(set, entries, extra("b")).entries;
    expect(canAddCriterion(set, entries, extra("c"))).toEqual({ ok: false, code: "flexExceeded" });
    // Other dimensions keep their own allowance.
    expect(canAddCriterion(set, entries, extra("c", 2))).toEqual({ ok: true });
  });

  it("counts only extras against flex, not the set's own criteria", () => {
    const entries = initialReviewCriteria(set);
    expect(remainingPerDimension(set, entries)).toEqual({ 1: 2, 2: 2, 3: 2 });
    const after = addCriterion(set, entries, extra("a", 3)).entries;
    expect(remainingPerDimension(set, after)).toEqual({ 1: 2, 2: 2, 3: 1 });
  });

  it("has no limit without a set", () => {
    expect(remainingPerDimension(null, [])).toEqual({ 1: null, 2: null, 3: null });
    expect(canAddCriterion(null, [], extra("a"))).toEqual({ ok: true });
  });

  it("refuses a criterion twice", () => {
    const entries = initialReviewCriteria(set);
    expect(canAddCriterion(set, entries, extra("s1"))).toEqual({ ok: false, code: "alreadyAdded" });
    const once = addCriterion(set, entries, extra("a")).entries;
    expect(addCriterion(set, once, extra("a"))).toMatchObject({ ok: false, code: "alreadyAdded", entries: once });
    expect(validateSelection(null, [extra("a"), extra("a")])).toEqual({ ok: false, code: "alreadyAdded" });
  });

  it("refuses archived criteria", () => {
    expect(canAddCriterion(set, [], { id: "x", dimension: 1, archived: true })).toEqual({
      ok: false,
      code: "archived",
    });
  });

  it("does not remove criteria that come from a (not basic) set, but removes extras", () => {
    const entries = addCriterion(set, initialReviewCriteria(set), extra("a")).entries;
    expect(removeCriterion(entries, "s1")).toMatchObject({ ok: false, code: "fromSet" });
    expect(removeCriterion(entries, "a")).toMatchObject({ ok: true });
    expect(removeCriterion(entries, "a").entries.map((e) => e.id)).toEqual(["s1", "s2"]);
    expect(removeCriterion(entries, "zz")).toMatchObject({ ok: false, code: "notInReview" });
  });

  it("checks a whole selection: set criteria present, flex per dimension", () => {
    expect(validateSelection(set, [extra("s1"), extra("s2", 2), extra("a"), extra("b")])).toEqual({ ok: true });
    expect(validateSelection(set, [extra("s2", 2)])).toEqual({ ok: false, code: "fromSet" });
    expect(validateSelection({ ...set, basic: true }, [extra("s2", 2)])).toEqual({ ok: true });
    expect(validateSelection(set, [extra("s1"), extra("s2", 2), extra("a"), extra("b"), extra("c")])).toEqual({
      ok: false,
      code: "flexExceeded",
    });
  });
});
