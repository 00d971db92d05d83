import { describe, expect, it } from "vitest";
import { goalTabState, nextGoalQuery, periodEndsBeforeStart, teamGoalSchema } from "./team-goals.schema";

const id = "7b0c4c1e-8f3a-4d2b-9c1e-0a1b2c3d4e5f";

describe("team goal form", () => {
  it("gives every message at once: empty text and a period that ends before it starts", () => {
    const r = teamGoalSchema.safeParse({ kind: "goal", text: " ", periodStart: "01-09-2027", periodEnd: "31-08-2027" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["text", "goals:textRequired"],
      ["periodEnd", "goals:periodEndBeforeStart"],
    ]);
  });

  it("takes dd-MM-yyyy dates, either end alone, and refuses impossible dates", () => {
    expect(teamGoalSchema.safeParse({ kind: "ambition", text: "x", periodStart: "1-9-2027" }).success).toBe(true);
    expect(teamGoalSchema.safeParse({ kind: "goal", text: "x", periodEnd: "31-12-2027" }).success).toBe(true);
    const bad = teamGoalSchema.safeParse({
      kind: "goal",
      text: "x",
      periodStart: "2027-09-01",
      periodEnd: "31-02-2027",
    });
    expect(bad.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["periodStart", "validation:date"],
      ["periodEnd", "validation:date"],
    ]);
    expect(periodEndsBeforeStart("31-12-2027", "01-01-2028")).toBe(false);
    expect(periodEndsBeforeStart("02-01-2028", "01-01-2028")).toBe(true);
  });

  it("follows only the dialog's own targets after a save, and opens only ids or 'new'", () => {
    expect(nextGoalQuery(`edit:${id}`)).toBe(`?edit=${id}`);
    expect(nextGoalQuery(`archive:${id}`)).toBe(`?archive=${id}`);
    expect(nextGoalQuery("edit:new")).toBe("?edit=new");
    expect(nextGoalQuery("//evil.example")).toBe("");
    expect(nextGoalQuery(`edit:${id}&x=1`)).toBe("");
    expect(goalTabState(new URL(`http://x/?edit=${id}&archive=nope`))).toEqual({ edit: id, archive: null });
    expect(goalTabState(new URL("http://x/?edit=new"))).toEqual({ edit: "new", archive: null });
  });
});
