import { describe, expect, it } from "vitest";
import {
  changedFields,
  diffScores,
  isComplete,
  nextSubjectId,
  parseScoreValue,
  selectedSubjectId,
  unscoredPerSubject,
} from "./evaluation-form";

describe("score values", () => {
  it("reads off as no score, 0 as not-rated and refuses values outside the scale", () => {
    expect(parseScoreValue("off", 5)).toBeNull();
    expect(parseScoreValue("0", 3)).toBe(0);
    expect(parseScoreValue("3", 3)).toBe(3);
    expect(parseScoreValue("4", 3)).toBeUndefined();
    expect(parseScoreValue("", 5)).toBeUndefined();
    expect(parseScoreValue("-1", 5)).toBeUndefined();
    expect(parseScoreValue("2.5", 5)).toBeUndefined();
  });
});

describe("which score changes a member form sends", () => {
  const ids = ["a", "b", "c", "d"];
  const stored = new Map([
    ["a", 3],
    ["b", 0],
    ["c", 5],
  ]);

  it("sends only what differs from the stored scores; off becomes null", () => {
    const { changes, invalid } = diffScores({ a: "3", b: "2", c: "off", d: "off" }, stored, ids, 5);
    expect(changes).toEqual([
      { criterionId: "b", score: 2 },
      { criterionId: "c", score: null },
    ]);
    expect(invalid).toEqual([]);
  });

  it("treats criteria the form did not send as unchanged and ignores fields of other criteria", () => {
    expect(diffScores({ d: "4", x: "1" }, stored, ids, 5).changes).toEqual([{ criterionId: "d", score: 4 }]);
  });

  it("reports values outside the scale instead of saving them", () => {
    expect(diffScores({ a: "6", b: "1" }, stored, ids, 5)).toEqual({
      changes: [{ criterionId: "b", score: 1 }],
      invalid: ["a"],
    });
  });
});

describe("what the auto-save sends", () => {
  it("is the fields that differ from the last saved values", () => {
    expect(
      changedFields(
        { "score.a": "3", "score.b": "off", developmentGoal: "" },
        { "score.a": "3", "score.b": "2", developmentGoal: "Coachen" },
      ),
    ).toEqual({ "score.b": "2", developmentGoal: "Coachen" });
    expect(changedFields({ "score.a": "3" }, { "score.a": "3" })).toEqual({});
  });
});

describe("members", () => {
  const subjects = [
    { id: "s1", scoredCount: 6 },
    { id: "s2", scoredCount: 2 },
    { id: "s3", scoredCount: 0 },
  ];

  it("opens the member asked for, else the first not complete", () => {
    expect(selectedSubjectId(subjects, 6, "s3")).toBe("s3");
    expect(selectedSubjectId(subjects, 6, "unknown")).toBe("s2");
    expect(selectedSubjectId(subjects, 6, null)).toBe("s2");
    expect(selectedSubjectId([{ id: "s1", scoredCount: 6 }], 6, null)).toBe("s1");
    expect(selectedSubjectId([], 6, null)).toBeNull();
  });

  it("goes to the next member and wraps around", () => {
    expect(nextSubjectId(subjects, "s1")).toBe("s2");
    expect(nextSubjectId(subjects, "s3")).toBe("s1");
  });

  it("counts not-rated as scored: complete when every criterion has a score row", () => {
    expect(isComplete(6, 6)).toBe(true);
    expect(isComplete(5, 6)).toBe(false);
    expect(isComplete(0, 0)).toBe(false);
  });

  it("lists the criteria without a score row per member", () => {
    const criteria = [
      { criterionId: "a", dimension: 1 as const },
      { criterionId: "b", dimension: 2 as const },
    ];
    const scores = [
      { subjectId: "s1", criterionId: "a" },
      { subjectId: "s1", criterionId: "b" },
      { subjectId: "s2", criterionId: "a" },
    ];
    expect(unscoredPerSubject(subjects, criteria, scores)).toEqual([
      { subjectId: "s2", missing: [criteria[1]] },
      { subjectId: "s3", missing: criteria },
    ]);
  });
});
