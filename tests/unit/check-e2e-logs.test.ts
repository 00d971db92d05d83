import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readLogs } from "../../scripts/check-e2e-logs";

/** scripts/check-e2e-logs.ts (decision 1591) on planted log files: clean logs pass, each kind of leak is named, masked. */
const dirs: string[] = [];

function logsWith(lines: string[]) {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-logs-"));
  dirs.push(logDir);
  fs.writeFileSync(path.join(logDir, "web.log"), lines.join("\n"));
  return readLogs(logDir);
}

const request = '{"level":30,"msg":"request","route":"/login","status":200}';

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the end-to-end log check", () => {
  it("passes logs without personal data", () => {
    expect(logsWith([request, '{"level":30,"msg":"mail sent to [email]"}'])).toEqual({
      files: ["web.log"],
      requestLines: 1,
      leaks: [],
    });
  });

  it.each([
    ["e-mail address", '{"msg":"no user hr@demo.nl"}'],
    ["demo password", '{"body":"password=Welkom!2026"}'],
    ["bearer token", '{"authorization":"Bearer abcdef0123456789"}'],
    ["session cookie", '{"cookie":"__session=s%3Aabcdefghij"}'],
  ])("names a line with a %s, masked", (kind, line) => {
    const { leaks } = logsWith([request, line]);
    expect(leaks).toHaveLength(1);
    expect(leaks[0]).toMatch(new RegExp(`^web\\.log:2 \\(${kind}\\): `));
    expect(leaks[0]).not.toMatch(/hr@demo\.nl|Welkom!2026|abcdef0123456789|abcdefghij/);
  });

  it("counts no request line in logs that are missing", () => {
    expect(readLogs(path.join(os.tmpdir(), "no-such-e2e-logs")).requestLines).toBe(0);
  });
});
