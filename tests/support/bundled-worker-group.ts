/**
 * Runs the job worker as production does (decision 1416): from its esbuild bundle, by plain node with the
 * 160 MB heap limit, under a ProcessGroup that restarts it when it dies, as `npm start` does. For
 * tests/integration/import-worker-limits.test.ts; the bundle goes to build/test-worker/, apart from the
 * one `npm start` runs. The environment (DATABASE_URL, SMTP_URL, JOB_LEASE_SECONDS …) passes through.
 */
import fs from "node:fs";
import path from "node:path";
import { ProcessGroup, projectRoot } from "../../scripts/processes";
import { bundle, workerNodeArgs } from "../../scripts/worker-build";

const outfile = path.join(projectRoot, "build", "test-worker", "worker.mjs");
await bundle("jobs/worker.ts", outfile);
fs.copyFileSync(
  path.join(projectRoot, "jobs", "smtp-sender.thread.mjs"),
  path.join(path.dirname(outfile), "smtp-sender.thread.mjs"),
);
const group = new ProcessGroup({ graceMs: 5_000, restart: { initialDelayMs: 200 } });
group.start("worker", process.execPath, [...workerNodeArgs, outfile], { ...process.env, NODE_ENV: "production" });
