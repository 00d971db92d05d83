import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { bin, projectRoot } from "../../scripts/processes";

describe("ProcessGroup (npm start)", () => {
  it("starts a crashed child again with a growing delay, and gives up after too many crashes in a row", () => {
    const started = Date.now();
    const result = spawnSync(bin("tsx"), ["tests/support/crashing-group.ts"], {
      cwd: projectRoot,
      encoding: "utf8",
      timeout: 30_000,
    });
    const lines = result.stderr
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("crasher"));
    expect(lines).toEqual([
      "crasher stopped (exit code 3); starting it again in 0.1 s.",
      "crasher stopped (exit code 3); starting it again in 0.2 s.",
      "crasher stopped (exit code 3); starting it again in 0.4 s.",
      "crasher stopped (exit code 3); starting it again in 0.4 s.",
      "crasher stopped (exit code 3) 4 times in a row; stopping the rest.",
    ]);
    expect(result.stdout).toContain("cleanup ran");
    expect(result.status).toBe(3);
    expect(Date.now() - started).toBeGreaterThan(1_100);
  }, 30_000);
});
