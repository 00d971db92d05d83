import { describe, expect, it } from "vitest";
import { blankRow, incompleteMessage, rowsFromForm, shareTotal, validateFlowRows, type ActivityRow } from "./flow-form";

const row = (values: Partial<ActivityRow>): ActivityRow => ({ ...blankRow(), ...values });
const full = (name: string, share: string): ActivityRow =>
  row({ name, share, challenge: "6", skills: "5", capability: "7", energy: "8" });

describe("flow measurement form", () => {
  it("reads repeated fields as rows and keeps what was typed", () => {
    const form = new FormData();
    for (const [name, share] of [
      ["Zorg", "60"],
      [" Overleg ", "40"],
    ]) {
      form.append("name", name);
      form.append("share", share);
      for (const f of ["challenge", "skills", "capability"]) form.append(f, "5");
      form.append("energy", "");
    }
    const rows = rowsFromForm(form);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({ name: "Overleg", share: "40", challenge: "5", skills: "5", capability: "5", energy: "" });
    expect(shareTotal(rows)).toBe(100);
  });

  it("accepts complete rows whose shares add up to 100, leaving blank rows out", () => {
    const result = validateFlowRows([full("Zorg", "70"), blankRow(), full("Overleg", "30")], { scaleMax: 10 });
    expect(result).toEqual({
      ok: true,
      activities: [
        { name: "Zorg", sharePercent: 70, challenge: 6, skills: 5, capability: 7, energy: 8 },
        { name: "Overleg", sharePercent: 30, challenge: 6, skills: 5, capability: 7, energy: 8 },
      ],
    });
  });

  it("calls a missing score incomplete (spec §8) and marks the field", () => {
    const result = validateFlowRows([full("Zorg", "70"), row({ name: "Overleg", share: "30", challenge: "5" })], {
      scaleMax: 10,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.form).toEqual([incompleteMessage]);
    expect(result.errors.rows[1]).toEqual({
      skills: "flow:errors.scoreMissing",
      capability: "flow:errors.scoreMissing",
      energy: "flow:errors.scoreMissing",
    });
    expect(result.errors.shares).toEqual([]);
  });

  it("refuses shares that do not add up to 100, scores off the scale and rows without a name", () => {
    const result = validateFlowRows(
      [full("Zorg", "50"), full("Overleg", "20"), row({ ...full("", "10"), energy: "11" })],
      { scaleMax: 10 },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.rows[2]).toEqual({ name: "flow:errors.nameRequired", energy: "flow:errors.scoreRange" });
    expect(result.errors.shares).toEqual(["flow:errors.sharesTotal"]);
    const shares = validateFlowRows([full("Zorg", "50"), full("Overleg", "0")], { scaleMax: 10 });
    expect(!shares.ok && shares.errors.rows[1].share).toBe("flow:errors.shareRange");
  });

  it("needs at least one activity", () => {
    const result = validateFlowRows([blankRow(), blankRow()], { scaleMax: 10 });
    expect(!result.ok && result.errors.form).toEqual(["flow:errors.noActivities"]);
  });
});
