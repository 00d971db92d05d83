/** A ProcessGroup whose one child always crashes, for tests/unit/process-group.test.ts. */
import { ProcessGroup } from "../../scripts/processes";

const group = new ProcessGroup({
  graceMs: 1_000,
  restart: { initialDelayMs: 100, maxDelayMs: 400, stableAfterMs: 60_000, maxCrashesInARow: 4 },
});
group.onStop(() => console.log("cleanup ran"));
group.start("crasher", process.execPath, ["-e", "process.exit(3)"], process.env);
