/**
 * A web process for tests/integration/graceful-shutdown.test.ts: the real express app (server/app.ts) served
 * from the sources, stopped by the real drain (server/shutdown.ts), with one extra route in front, GET /slow?ms=N,
 * that answers after N ms — the request in flight that SIGTERM must let finish. Prints `listening on port N`.
 */
import express from "express";
import { closeDb } from "../../db/client.server";
import { stopSenderBoss } from "../../jobs/boss.server";
import { createApp } from "../../server/app";
import { drainOnSignal } from "../../server/shutdown";
import { shutdownTimings } from "../../server/shutdown-timings";
import { serverBuildFromSources } from "./app-server";
import { listenOnFreePort } from "./ports";

const outer = express();
outer.get("/slow", (req, res) => {
  const ms = Math.min(Number(req.query.ms) || 1_000, 30_000);
  console.log(`slow request started (${ms} ms)`);
  setTimeout(() => res.type("text/plain").send(`slept ${ms} ms`), ms);
});
outer.use(createApp({ build: await serverBuildFromSources(), mode: "production" }));

let server: ReturnType<typeof outer.listen> | undefined;
const port = await listenOnFreePort(
  (candidate) =>
    new Promise((resolve, reject) => {
      const listening = outer.listen(candidate, "127.0.0.1");
      listening.once("listening", () => resolve((server = listening)));
      listening.once("error", reject);
    }),
);
drainOnSignal(server!, {
  ...shutdownTimings(),
  close: async () => {
    await stopSenderBoss();
    await closeDb();
  },
});
console.log(`listening on port ${port}`);
