/**
 * Issue #38 "Scale to report": requests/s of the bench's pages with one web process and with two against one
 * PostgreSQL (Groot BV, npm run seed:large). Each process is one Node process (WEB_CONCURRENCY=1), as an
 * orchestrator would run them behind a load balancer; the load is 16 connections on one process, then 8 + 8 on
 * both at once. If two processes carry about twice the requests, the process is the limit on this machine; if
 * they carry about the same, the database is.
 *
 *   DATABASE_URL=… BENCH_ONLY=processes npm run bench
 */
import { randomBytes } from "node:crypto";
import { seedLarge } from "../seed/large";
import { runMigrations } from "#db/migrate";
import { measure, signIn, waitFor, type Measurement } from "./bench-http";
import { buildIfStale, ProcessGroup } from "./processes";

const pages = [
  { name: "personnel list, page 1", path: "/personnel/users/active" },
  { name: "dashboard", path: "/dashboard" },
  { name: "team reviews overview", path: "/teamreviews/overview" },
];

/** Two measurements at once, one per process, as a balancer would spread the load; their sum and worst p95. */
async function measureBoth(urls: [string, string], cookies: [string, string], duration: number, connections: number) {
  const [a, b] = await Promise.all(urls.map((url, i) => measure(url, cookies[i], duration, connections / 2)));
  return { rps: a.rps + b.rps, p95: Math.max(a.p95, b.p95), errors: a.errors + b.errors };
}

export async function benchProcesses(databaseUrl: string): Promise<void> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const warmup = Number(process.env.BENCH_WARMUP ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const firstPort = Number(process.env.BENCH_PORT ?? 3990);
  await runMigrations(databaseUrl);
  await seedLarge(databaseUrl);
  await buildIfStale();
  const group = new ProcessGroup(5_000);
  try {
    const secret = process.env.SESSION_SECRET ?? randomBytes(24).toString("hex");
    const bases = [0, 1].map((i) => `http://127.0.0.1:${firstPort + i}`) as [string, string];
    for (const [i, base] of bases.entries()) {
      group.start(`web${i + 1}`, process.execPath, ["--import", "tsx", "server/index.ts"], {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NODE_ENV: "production",
        COMPRESSION: "off",
        WEB_CONCURRENCY: "1",
        PORT: new URL(base).port,
        HOST: "127.0.0.1",
        SESSION_SECRET: secret,
        // No balancer: the bench's end stops them without SHUTDOWN_DELAY_MS's wait (1810).
        SHUTDOWN_DELAY_MS: "0",
      });
    }
    await Promise.all(bases.map((base) => waitFor(`${base}/healthz`, 180_000)));
    // One session, used on both: sessions live in PostgreSQL, so either process accepts it.
    const cookie = await signIn(bases[0]);
    const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
    const rows: string[][] = [];
    for (const page of pages) {
      const urls = bases.map((base) => base + page.path) as [string, string];
      await measure(urls[0], cookie, warmup, connections);
      const one: Measurement = await measure(urls[0], cookie, duration, connections);
      await measureBoth(urls, [cookie, cookie], warmup, connections);
      const two = await measureBoth(urls, [cookie, cookie], duration, connections);
      rows.push([
        page.name,
        fmt(one.rps),
        fmt(one.p95),
        fmt(two.rps),
        fmt(two.p95),
        (two.rps / one.rps).toFixed(2),
        String(one.errors + two.errors),
      ]);
      console.log(`${page.name}: 1 process ${fmt(one.rps)} req/s, 2 processes ${fmt(two.rps)} req/s`);
    }
    const header = ["page", "1 process req/s", "p95 ms", "2 processes req/s", "p95 ms", "ratio", "errors"];
    console.log(`\n${connections} connections (8 + 8 on two), ${duration} s after ${warmup} s warm-up.\n`);
    console.log([header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n"));
    await group.stop(0);
  } catch (error) {
    console.error(error);
    await group.stop(1);
  }
}
