/**
 * A failed test's error as the run's summary prints it (scripts/test-all.ts): often the summary is all of a CI log
 * that can be read afterwards, so a browser test's failure says not only which assertion failed but what it saw —
 * Playwright's "Locator", "Expected" and "Received" lines and where in the spec it stopped.
 */

const ansi = /\u001b\[[0-9;]*m/g;

/** The first non-empty line of an error message, without terminal colours, at most 200 characters. */
export function firstLine(message = ""): string {
  const plain = message.replace(ansi, "");
  return (plain.split("\n").find((line) => line.trim()) ?? "").trim().slice(0, 200);
}

/**
 * The lines of a Playwright error that say what the assertion saw (else the two lines after its first: the
 * browser's own error, say), and the spec line it stopped at — at most 5.
 */
export function errorDetails(error: { message?: string; location?: { file: string; line: number } } | undefined) {
  const lines = (error?.message ?? "")
    .replace(ansi, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const assertion = lines.filter((line) => /^(Locator|Expected|Received|Timeout)\b/.test(line));
  const callLog = lines.findIndex((line) => line.startsWith("Call log"));
  const afterFirst = lines.slice(1, callLog < 0 ? undefined : callLog).filter((line) => !line.startsWith("at "));
  const seen = (assertion.length > 0 ? assertion : afterFirst)
    .slice(0, assertion.length > 0 ? 4 : 2)
    .map((line) => line.slice(0, 200));
  const at = error?.location
    ? [`at ${error.location.file.replace(/^.*?\/tests\//, "tests/")}:${error.location.line}`]
    : [];
  return [...seen, ...at];
}
