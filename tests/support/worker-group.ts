/**
 * Runs the job worker under a ProcessGroup, as `npm start` does (scripts/start.ts), for
 * tests/integration/worker-crash.test.ts: the test kills the worker and watches the group restart it.
 * The environment (DATABASE_URL, SMTP_URL, JOB_LEASE_SECONDS …) passes through to the worker.
 */
import { ProcessGroup } from "../../scripts/processes";

const group = new ProcessGroup({ graceMs: 5_000, restart: { initialDelayMs: 200 } });
// Node itself with tsx's loader, not the tsx wrapper (as scripts/start.ts, 1773/1952): the wrapper relays a stop
// signal and SIGKILLs its node when it does not answer within 30 ms, which on a loaded machine left this group's
// worker running after the test.
group.start("worker", process.execPath, ["--import", "tsx", "jobs/worker.ts"], {
  ...process.env,
  NODE_ENV: "production",
});
