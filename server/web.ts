import cluster from "node:cluster";
import path from "node:path";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { closeDb } from "../db/client.server";
import { stopSenderBoss } from "../jobs/boss.server";
import { logger } from "../app/utils/logger.server";
import { createApp } from "./app";
import { drainOnSignal } from "./shutdown";
import { shutdownTimings } from "./shutdown-timings";
import { installRouteMatchCache } from "./route-match-cache";
import { installServerRoutesCache } from "./server-routes-cache";

const MODE = process.env.NODE_ENV ?? "development";
const BUILD_PATH = path.resolve("build/index.js");

async function loadBuild(): Promise<ServerBuild> {
  // A cache-busting query makes `remix dev` pick up each rebuild.
  return (await import(`${BUILD_PATH}?t=${Date.now()}`)) as ServerBuild;
}

// In development the route tree changes with every edit; remembering matches and trees is for production.
if (MODE === "production") {
  installRouteMatchCache();
  installServerRoutesCache();
}
const build = await loadBuild();
const app = createApp({ build: MODE === "development" ? loadBuild : build, mode: MODE });

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  const worker = cluster.isWorker ? ` (worker ${process.pid})` : "";
  logger.info(`listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}${worker}`);
  if (MODE === "development") broadcastDevReady(build);
});

const drain = drainOnSignal(server, {
  // How long the listener stays open after SIGTERM, and how long requests in flight then get (1513, 1810).
  ...shutdownTimings(),
  close: async () => {
    await stopSenderBoss();
    await closeDb();
  },
});
// A cluster worker whose primary is gone (killed) has nobody to serve for.
if (cluster.isWorker) process.on("disconnect", () => drain("primary gone", { delay: false }));
