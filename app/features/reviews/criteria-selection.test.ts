import { describe, expect, it } from "vitest";
import { initialReviewCriteria, type RuleSet } from "~/features/criteria/review-criteria-rules";
import { planSelection } from "./criteria-selection";

const set: RuleSet = {
  flex: 1,
  basic: false,
  criteria: [
    { id: "s1", dimension: 1 },
    { id: "s2", dimension: 2 },
  ],
};
const entries = initialReviewCriteria(set);
const setSelection = set.criteria.map((c) => ({ ...c }));

describe("a submitted criteria selection", () => {
  it("adds extras within the flex per dimension and removes extras that are no longer selected", () => {
    const plan = planSelection(set, entries, [...setSelection, { id: "x1", dimension: 1 }, { id: "x2", dimension: 2 }]);
    expect(plan).toEqual({
      ok: true,
      added: [
        { id: "x1", dimension: 1, belongsToSet: false, locked: false },
        { id: "x2", dimension: 2, belongsToSet: false, locked: false },
      ],
      removedIds: [],
    });
    const withExtra = [...entries, { id: "x1", dimension: 1 as const, belongsToSet: false, locked: false }];
    expect(planSelection(set, withExtra, setSelection)).toEqual({ ok: true, added: [], removedIds: ["x1"] });
  });

  it("refuses more extras than the flex in one dimension, doubles and dropping locked set criteria", () => {
    expect(
      planSelection(set, entries, [...setSelection, { id: "x1", dimension: 1 }, { id: "x2", dimension: 1 }]),
    ).toEqual({
      ok: false,
      code: "flexExceeded",
    });
    expect(planSelection(set, entries, [...setSelection, { id: "s1", dimension: 1 }])).toMatchObject({
      ok: false,
      code: "alreadyAdded",
    });
    expect(planSelection(set, entries, [setSelection[1]])).toMatchObject({ ok: false, code: "fromSet" });
  });

  it("lets a basic set's criteria go and limits nothing without a set", () => {
    const basic = { ...set, basic: true };
    expect(planSelection(basic, initialReviewCriteria(basic), [setSelection[1]])).toEqual({
      ok: true,
      added: [],
      removedIds: ["s1"],
    });
    expect(
      planSelection(
        null,
        [],
        [
          { id: "a", dimension: 3 },
          { id: "b", dimension: 3 },
        ],
      ),
    ).toMatchObject({ ok: true, removedIds: [] });
  });
});
