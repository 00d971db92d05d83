/**
 * The digest case of `npm run bench` (issue #17 "Scale"): one run of the digest schedule for the 10,000
 * people of Groot BV (npm run seed:large) by the real job worker, into a local SMTP sink, timed from
 * enqueueing the job to the last message at the sink; against the pooled transport alone (the app's
 * sendMail, in a process of its own) sending as many copies of one rendered digest to the same sink.
 * Target: run ≤ 1.1 × transport. The worker's resident memory is sampled during the run: it should stay
 * flat (recipients are read in pages, docs/decisions/1100).
 *
 * Every employee gets news first: one task from the HR user (seen, so the immediate task mail stays out
 * of it); the bench removes its tasks, digests and outbox rows before and after.
 *
 *   DATABASE_URL=… tsx scripts/bench-digests.ts   (alone; npm run bench runs it after the pages)
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { LARGE_ACCOUNT_NAME, LARGE_HR_EMAIL, seedLarge } from "../seed/large";
import { benchNodeArgs, projectRoot } from "./processes";
import { buildWorker, workerBundle, workerNodeArgs } from "./worker-build";

const BENCH_TASK = "Digest-bench: overzicht lezen";

export type DigestBenchResult = {
  recipients: number;
  transportSeconds: number;
  runSeconds: number;
  queuedSeconds: number;
  /** From enqueueing the job to the first digest's outbox row (includes the worker's polling of the job). */
  firstQueuedSeconds: number;
  /** From the worker's start of the job (pgboss.job.started_on) to the last message. */
  jobRunSeconds: number;
  ratio: number;
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  rssQuartersMb: number[];
};

/** A local SMTP sink that counts messages and remembers when the last one arrived. */
async function startSink() {
  const state = { count: 0, last: 0 };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        state.count += 1;
        state.last = Date.now();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Runs a TypeScript file in a node process of its own (its pid is the process that does the work). */
function runTs(file: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...benchNodeArgs(), "--import", "tsx", file, ...args], {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/** Removes what a bench run adds: its tasks, the digests and their outbox rows, queued jobs. */
async function cleanUp(pool: pg.Pool, accountId: string, clusterId: string) {
  await pool.query(`delete from digests_sent where cluster_id = $1`, [clusterId]);
  await pool.query(`delete from email_outbox where account_id = $1 and template = 'digest'`, [accountId]);
  await pool.query(`delete from tasks where cluster_id = $1 and title = $2`, [clusterId, BENCH_TASK]);
  // A fresh database has no pg-boss schema until a worker has started once.
  const { rows } = await pool.query<{ t: string | null }>(`select to_regclass('pgboss.job')::text as t`);
  if (rows[0].t) {
    await pool.query(
      `delete from pgboss.job where name in ('send-email', 'digests') and state in ('created', 'retry')`,
    );
  }
}

/** The pooled transport alone: `count` copies of one rendered message through the app's sendMail. */
async function transportOnly(count: number, messageFile: string) {
  const { sendMail, closeTransport } = await import("~/features/email/transport.server");
  const message = JSON.parse(fs.readFileSync(messageFile, "utf8"));
  const started = Date.now();
  let next = 0;
  // As many in flight as the worker's send-email batches keep busy, and more: the pool queues them.
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < count) {
        next += 1;
        await sendMail(message);
      }
    }),
  );
  closeTransport();
  console.log(`transport-ms ${Date.now() - started}`);
}

export async function benchDigests(databaseUrl: string): Promise<DigestBenchResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const sink = await startSink();
  let worker: ChildProcess | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-digests-"));
  try {
    const { rows: tenant } = await pool.query<{ account_id: string; cluster_id: string; hr: string }>(
      `select m.account_id, m.cluster_id, m.id as hr from memberships m join users u on u.id = m.user_id
         join accounts a on a.id = m.account_id
        where a.name = $1 and lower(u.email) = $2 limit 1`,
      [LARGE_ACCOUNT_NAME, LARGE_HR_EMAIL],
    );
    const { account_id: accountId, cluster_id: clusterId, hr } = tenant[0];
    await cleanUp(pool, accountId, clusterId);
    // BENCH_DIGESTS=N gives only N of the people news (a smaller run over the same pages, for memory).
    const limit = Number(process.env.BENCH_DIGESTS) || null;
    await pool.query(
      `insert into tasks (account_id, cluster_id, type, title, sender_id, receiver_id, due_date, seen_at)
       select $1, $2, 'task', $3, $4, m.id, current_date + 7, now()
         from memberships m join users u on u.id = m.user_id and u.deleted_at is null
        where m.cluster_id = $2 and m.id <> $4
          and ($5::int is null or (m.deleted_at is null and m.status = 'active' and m.access
                                   and m.updates_frequency <> 'none'))
        order by m.id limit $5`,
      [accountId, clusterId, BENCH_TASK, hr, limit],
    );
    await pool.query(`analyze tasks`);
    const { rows: due } = await pool.query<{ n: number }>(
      `select count(*)::int as n from memberships m join users u on u.id = m.user_id and u.deleted_at is null
        where m.cluster_id = $1 and m.id <> $2 and m.deleted_at is null and m.status = 'active' and m.access
          and m.updates_frequency <> 'none'`,
      [clusterId, hr],
    );
    const recipients = limit === null ? due[0].n : Math.min(limit, due[0].n);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: "production",
      SMTP_URL: sink.url,
      SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-digests-session-secret-0123456789",
      DATA_DIR: tmp,
    };

    // One real digest, rendered, as the transport-only message.
    process.env.SESSION_SECRET = env.SESSION_SECRET;
    const { renderEmail } = await import("#emails/index");
    const { unsubscribePath } = await import("~/features/digests/unsubscribe.server");
    const rendered = await renderEmail(
      "digest",
      {
        firstName: "Anna",
        organisation: LARGE_ACCOUNT_NAME,
        frequency: "weekly",
        sections: [{ key: "newTasks", items: [{ title: BENCH_TASK, path: "/tasks/inbox/x", due: "", detail: "HR" }] }],
        unsubscribePath: unsubscribePath(hr),
      },
      "nl",
    );
    const messageFile = path.join(tmp, "message.json");
    fs.writeFileSync(messageFile, JSON.stringify({ to: "medewerker00001@groot.nl", ...rendered }));

    // 1. The pooled transport alone.
    const baseline = runTs(fileURLToPath(import.meta.url), ["--transport-only", String(recipients), messageFile], env);
    let output = "";
    baseline.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => baseline.once("exit", resolve));
    const transportMs = Number(/transport-ms (\d+)/.exec(output)?.[1]);
    if (!transportMs || sink.state.count !== recipients) {
      throw new Error(`transport-only run: ${sink.state.count} of ${recipients} messages, output ${output}`);
    }
    sink.state.count = 0;

    // 2. The digest run: the job worker, from enqueueing the job to the last message at the sink.
    // The worker as production runs it: its bundle, with its node options (decision 1416).
    await buildWorker();
    worker = spawn(process.execPath, [...benchNodeArgs(), ...workerNodeArgs, workerBundle], {
      cwd: projectRoot,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let workerOutput = "";
    worker.stdout!.on("data", (chunk: Buffer) => (workerOutput += chunk.toString()));
    await waitUntil(() => workerOutput.includes("worker started"), 60_000, "worker start");
    const samples: number[] = [rssMb(worker.pid!)];
    // RSS when a quarter, half, three quarters of the digests had arrived: flat memory does not grow with them.
    const quarters: number[] = [];
    process.env.DATABASE_URL = databaseUrl;
    const { enqueue } = await import("#jobs/enqueue.server");
    const { stopSenderBoss } = await import("#jobs/boss.server");
    const started = Date.now();
    await enqueue("digests", {});
    const sampler = setInterval(() => {
      samples.push(rssMb(worker!.pid!));
      if (sink.state.count >= ((quarters.length + 1) * recipients) / 4) quarters.push(samples[samples.length - 1]);
    }, 250);
    try {
      await waitUntil(() => sink.state.count >= recipients, 30 * 60_000, "digest run");
    } finally {
      clearInterval(sampler);
      await stopSenderBoss();
    }
    const runMs = sink.state.last - started;
    const { rows: queued } = await pool.query<{ ms: number; first: number }>(
      `select (extract(epoch from max(created_at)) * 1000)::float8 as ms,
              (extract(epoch from min(created_at)) * 1000)::float8 as first from email_outbox
        where account_id = $1 and template = 'digest'`,
      [accountId],
    );
    const { rows: job } = await pool.query<{ ms: number }>(
      `select (extract(epoch from started_on) * 1000)::float8 as ms from pgboss.job
        where name = 'digests' order by created_on desc limit 1`,
    );
    samples.push(rssMb(worker.pid!));
    return {
      jobRunSeconds: (sink.state.last - job[0].ms) / 1000,
      recipients,
      transportSeconds: transportMs / 1000,
      runSeconds: runMs / 1000,
      queuedSeconds: (queued[0].ms - started) / 1000,
      firstQueuedSeconds: (queued[0].first - started) / 1000,
      rssQuartersMb: quarters.slice(0, 3),
      ratio: runMs / transportMs,
      rssStartMb: samples[0],
      rssPeakMb: Math.max(...samples),
      rssEndMb: samples[samples.length - 1],
    };
  } finally {
    if (worker && worker.exitCode === null) {
      worker.kill("SIGTERM");
      await new Promise((resolve) => worker!.once("exit", resolve));
    }
    await sink.close();
    const { rows } = await pool.query<{ account_id: string; cluster_id: string }>(
      `select c.account_id, c.id as cluster_id from clusters c join accounts a on a.id = c.account_id where a.name = $1`,
      [LARGE_ACCOUNT_NAME],
    );
    for (const r of rows) await cleanUp(pool, r.account_id, r.cluster_id);
    await pool.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function printDigestBench(r: DigestBenchResult) {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `digest run (${r.recipients} digests): ${f(r.runSeconds)} s (first queued after ${f(r.firstQueuedSeconds)} s, ` +
      `all after ${f(r.queuedSeconds)} s); ` +
      `pooled transport alone ${f(r.transportSeconds)} s; ratio ${r.ratio.toFixed(2)} (target ≤ 1.10: ${r.ratio <= 1.1 ? "met" : "missed"}); ` +
      `from the job's start ${f(r.jobRunSeconds)} s, ratio ${(r.jobRunSeconds / r.transportSeconds).toFixed(2)}; ` +
      `worker RSS ${f(r.rssStartMb)} → peak ${f(r.rssPeakMb)} → ${f(r.rssEndMb)} MB ` +
      `(at ¼, ½, ¾ of the digests: ${r.rssQuartersMb.map(f).join(", ")} MB)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv[2] === "--transport-only") {
    await transportOnly(Number(process.argv[3]), process.argv[4]);
    process.exit(0);
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL to the database to benchmark (it gets Groot BV if it lacks it).");
    process.exit(1);
  }
  const { runMigrations } = await import("#db/migrate");
  await runMigrations(url);
  await seedLarge(url);
  printDigestBench(await benchDigests(url));
  process.exit(0);
}
