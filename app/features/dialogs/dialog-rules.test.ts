import { describe, expect, it } from "vitest";
import { isEditable, isHttpUrl, nextStates, shareDone, suggestedProgress } from "./dialog-rules";
import { createDialogSchema, linkSchema, progressSchema } from "./dialogs.schema";

describe("dialog rules", () => {
  it("accepts only absolute http and https addresses as links", () => {
    expect(isHttpUrl("https://example.org/a?b=c")).toBe(true);
    expect(isHttpUrl("http://intranet.local")).toBe(true);
    for (const bad of ["javascript:alert(1)", "ftp://example.org", "www.example.org", "/relative", "https://", ""])
      expect(isHttpUrl(bad), bad).toBe(false);
    expect(linkSchema.safeParse({ title: "x", url: "data:text/html,hi" }).success).toBe(false);
  });

  it("computes the share of actions done and offers it as the new progress", () => {
    expect(shareDone([])).toBe(0);
    expect(shareDone([{ completed: true }, { completed: false }, { completed: false }])).toBe(33);
    expect(suggestedProgress([{ completed: true }, { completed: true }])).toBe(100);
  });

  it("takes a whole progress percent from 0 to 100 only", () => {
    expect(progressSchema.safeParse({ progress: "40" })).toMatchObject({ success: true, data: { progress: 40 } });
    for (const bad of ["-1", "101", "4.5", "veel", ""])
      expect(progressSchema.safeParse({ progress: bad }).success, bad).toBe(false);
  });

  it("edits only a started dialog and offers each state its next steps", () => {
    expect(isEditable("started")).toBe(true);
    expect(isEditable("finished")).toBe(false);
    expect(nextStates("started")).toEqual(["finish", "archive"]);
    expect(nextStates("finished")).toEqual(["archive", "reopen"]);
    expect(nextStates("archived")).toEqual(["reopen"]);
  });
});

describe("the new dialog form", () => {
  const person = "0b70a4e7-e6f0-4bfd-b071-4242349bd389";
  it("needs an objective unless it starts from a development goal", () => {
    expect(createDialogSchema.safeParse({ membershipId: person }).success).toBe(false);
    expect(createDialogSchema.safeParse({ membershipId: person, objective: "Coachen" }).success).toBe(true);
    expect(createDialogSchema.safeParse({ membershipId: person, reviewSubjectId: person }).success).toBe(true);
    expect(createDialogSchema.safeParse({ membershipId: person, reviewSubjectId: "x", objective: "a" }).success).toBe(
      false,
    );
  });
});
