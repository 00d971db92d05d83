/** Where the job worker's bundle lives and how node runs it (decision 1416; built by scripts/worker-build.ts). */
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The worker's bundle; the thread it sends mail from is copied next to it (jobs/smtp-sender.server.ts finds it there). */
export const workerBundle = path.join(projectRoot, "build", "worker.mjs");

/**
 * Node's options for the worker: old space capped at 160 MB, which keeps a 100,000-row import under
 * 300 MB RSS (docs/performance.md). The worker's jobs stream what they read, so none needs more. Kept in
 * step with package.json's `worker` script.
 */
export const workerNodeArgs = ["--max-old-space-size=160"];
