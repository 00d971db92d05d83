/**
 * Runs the job worker under a ProcessGroup, as `npm start` does (scripts/start.ts), for
 * tests/integration/worker-crash.test.ts: the test kills the worker and watches the group restart it.
 * The environment (DATABASE_URL, SMTP_URL, JOB_LEASE_SECONDS …) passes through to the worker.
 */
import { bin, ProcessGroup } from "../../scripts/processes";

const group = new ProcessGroup({ graceMs: 5_000, restart: { initialDelayMs: 200 } });
group.start("worker", bin("tsx"), ["jobs/worker.ts"], { ...process.env, NODE_ENV: "production" });
