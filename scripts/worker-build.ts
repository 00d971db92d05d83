/**
 * The job worker as production runs it (decision 1416): one ES module bundle of our TypeScript
 * (`build/worker.mjs`, npm packages loaded from node_modules as usual) run by plain node with a heap
 * limit. Under tsx the same worker started at ~195 MB RSS, ~50 MB of it tsx's on-the-fly compiling; and
 * without a limit V8 lets garbage grow the heap long before it collects (issue #16's 300 MB target).
 *
 * `tsx scripts/worker-build.ts` builds it (`npm run build` does); scripts/start.ts builds it when stale.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { newestMtime, projectRoot } from "./processes";
import { workerBundle } from "./worker-options";

export { workerBundle, workerNodeArgs } from "./worker-options";

/** Bundles a TypeScript entry of ours (the path aliases of tsconfig resolved) into one ES module. */
export async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [path.resolve(projectRoot, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "~": "./app", "#db": "./db", "#jobs": "./jobs", "#emails": "./emails" },
    absWorkingDir: projectRoot,
    logLevel: "warning",
  });
}

export async function buildWorker(): Promise<void> {
  await bundle("jobs/worker.ts", workerBundle);
  fs.copyFileSync(
    path.join(projectRoot, "jobs", "smtp-sender.thread.mjs"),
    path.join(path.dirname(workerBundle), "smtp-sender.thread.mjs"),
  );
}

/** Builds the worker when its sources changed since the last build. */
export async function buildWorkerIfStale(): Promise<void> {
  const builtAt = fs.existsSync(workerBundle) ? fs.statSync(workerBundle).mtimeMs : 0;
  if (builtAt > 0 && builtAt >= newestMtime(["app", "db", "emails", "jobs", "package-lock.json"])) return;
  await buildWorker();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildWorker();
}
