import { describe, expect, it } from "vitest";
import { errorDetails, firstLine } from "../../scripts/failure-summary";

// What Playwright's JSON reporter writes for a failed toHaveText (colours included).
const message = [
  "Error: \u001b[2mexpect(\u001b[22m\u001b[31mlocator\u001b[39m\u001b[2m).\u001b[22mtoHaveText\u001b[2m(\u001b[22m\u001b[32mexpected\u001b[39m\u001b[2m)\u001b[22m failed",
  "",
  "Locator:  getByTestId('dialog-state')",
  'Expected: \u001b[32m"Afgerond"\u001b[39m',
  'Received: \u001b[31m"Gestart"\u001b[39m',
  "Timeout:  5000ms",
  "",
  "Call log:",
  '  - Expect "toHaveText" with timeout 5000ms',
].join("\n");

describe("a failed test in the run's summary", () => {
  it("names the assertion on its first line", () => {
    expect(firstLine(message)).toBe("Error: expect(locator).toHaveText(expected) failed");
  });

  it("adds what a browser assertion saw and the spec line it stopped at", () => {
    const location = { file: "/check/work/main/tests/e2e/dialogs.spec.ts", line: 106 };
    expect(errorDetails({ message, location })).toEqual([
      "Locator:  getByTestId('dialog-state')",
      'Expected: "Afgerond"',
      'Received: "Gestart"',
      "Timeout:  5000ms",
      "at tests/e2e/dialogs.spec.ts:106",
    ]);
  });

  it("adds the two lines after the first of another error, and nothing for a one-line error", () => {
    const browser =
      "Error: The browser reported 1 error(s):\n\n[console] TypeError: x is undefined\n\nCall log:\n  - y";
    expect(errorDetails({ message: browser })).toEqual(["[console] TypeError: x is undefined"]);
    expect(errorDetails({ message: "Error: page crashed" })).toEqual([]);
    expect(errorDetails(undefined)).toEqual([]);
  });
});
