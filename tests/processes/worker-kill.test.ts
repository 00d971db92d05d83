/**
 * Issue #38: two job workers on one database, and the one holding a job is killed (SIGKILL) in the middle of
 * it — an import's comparison of a real-size spreadsheet and a digest run. The other worker finishes each
 * exactly once: the import's changes are written once, every digest goes out once (decision 1770). "In the
 * middle" is read from the database and the SMTP servers, never guessed with a sleep: the comparison is held
 * on a row lock after it has written its first parts, a digest delivery on an SMTP server that does not answer.
 * Each worker has its own SMTP server and names itself to PostgreSQL (application_name), so the test knows which
 * one holds the job. `npm run test:processes` (decision 1771).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { digestsSent, emailOutbox, imports, memberships, tasks } from "#db/schema";
import { stopSenderBoss } from "#jobs/boss.server";
import { enqueue } from "#jobs/enqueue.server";
import { saveColumns } from "~/features/imports/imports.server";
import { action as uploadAction } from "~/routes/_app+/import+/_index";
import { sessionSecret } from "~/utils/env.server";
import { createUserWithMembership } from "../factories";
import { rowsXlsx } from "../support/crafted-xlsx";
import { BASE, context, run } from "../support/http";
import { orgWorld } from "../support/org";
import { processesDatabase, throughPgBouncer } from "../support/pgbouncer";
import { contextFor } from "../support/reviews";
import { startSmtpCapture } from "../support/smtp";
import { killStarted, startWorkerProcess, waitFor, type Started } from "../support/started-processes";

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;
type Worker = { name: string; started: Started; smtp: Smtp };

let workers: Worker[] = [];
let w: Awaited<ReturnType<typeof orgWorld>>;
let database: Awaited<ReturnType<typeof processesDatabase>>;
/** While true, both SMTP servers hold every message unanswered (no 250): a delivery hangs mid-send. */
let holding = false;

const alive = (worker: Worker) => worker.started.child.exitCode === null && worker.started.child.signalCode === null;

/** Starts the two workers, or a new one in place of one killed before. */
async function twoWorkers() {
  // PgBouncer passes application_name on to the server connection a client's transaction runs on.
  const url = new URL(database.env.DATABASE_URL);
  workers = await Promise.all(
    ["worker-a", "worker-b"].map(async (name, index) => {
      const before = workers[index];
      if (before && alive(before)) return before;
      const smtp = before?.smtp ?? (await startSmtpCapture({ hold: () => holding }));
      url.searchParams.set("application_name", name);
      const started = await startWorkerProcess({
        ...database.env,
        DATABASE_URL: url.toString(),
        SMTP_URL: smtp.url,
        SESSION_SECRET: sessionSecret(),
        // Short, so that a dead worker's job comes back within seconds (the defaults: 30 s and 10 s, 0612).
        JOB_LEASE_SECONDS: "3",
        JOB_SUPERVISE_SECONDS: "1",
      });
      return { name, started, smtp };
    }),
  );
}

beforeAll(async () => {
  database = await processesDatabase();
  w = await orgWorld();
}, 120_000);

afterAll(async () => {
  killStarted();
  await database?.stop();
  await stopSenderBoss();
  await Promise.all(workers.map((worker) => worker.smtp.close()));
});

/** SIGKILL to the worker's process group (tsx and the node process it runs), then waits for it to be gone. */
async function kill(worker: Worker) {
  process.kill(-worker.started.child.pid!, "SIGKILL");
  await worker.started.exited;
}

const jobsOf = async (queue: string, key: string, value: string) =>
  (
    await getDb().execute<{ state: string; retry_count: number }>(
      sql`select state, retry_count from pgboss.job where name = ${queue} and data->>${key} = ${value}
           order by created_on`,
    )
  ).rows;

const importOf = async (id: string) => (await getDb().select().from(imports).where(eq(imports.id, id)))[0];

describe("a worker killed in the middle of a job, with a second worker running", () => {
  it("an import's comparison: the other worker compares the file again and writes its changes once", async () => {
    await twoWorkers();
    const people = 20_000;
    // Row 15,000 has no e-mail address: a problem, written in the comparison's third part of 5,000 rows.
    const file = rowsXlsx(["Personeelsnummer", "Voornaam", "Achternaam", "E-mail"], people, (i) => [
      String(500_000 + i),
      `Voornaam${i}`,
      `Achternaam${i}`,
      i === 14_999 ? "" : `kill-${i}@import.test`,
    ]);
    expect(file.length).toBeGreaterThan(300_000);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(file)], "personeel.xlsx"));
    const request = new Request(`${BASE}/import`, { method: "POST", headers: { Cookie: w.cookie }, body: form });
    const uploaded = (await run(() => uploadAction({ request, context: context(), params: {} }))) as Response;
    expect(uploaded.status).toBe(302);
    const id = uploaded.headers.get("Location")!.split("/").pop()!;
    const read = await waitFor(
      async () => {
        const row = await importOf(id);
        return row.status === "parsing" ? undefined : row;
      },
      "the file to be read",
      90_000,
    );
    expect(read).toMatchObject({ status: "columns", rowsTotal: people });

    // The test holds the problem row: the comparison writes parts 1 and 2 in its transaction and then waits.
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("begin");
      const locked = await holder.query(
        `select id from import_rows where import_id = $1 and values::text like '%"Voornaam14999"%' for update`,
        [id],
      );
      expect(locked.rowCount).toBe(1);
      // The columns step as the page posts it: the mapping the import proposed.
      expect(await saveColumns(await contextFor(w.cookie), id, read.mapping)).toEqual({ ok: true });

      // Read on another connection: within the holder's transaction pg_stat_activity would stay as first read.
      const waiting = await waitFor(
        async () => {
          const { rows } = await getDb().execute<{ application_name: string }>(
            sql`select application_name from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock' and application_name like 'worker-%'`,
          );
          return rows[0]?.application_name;
        },
        "a worker's comparison to wait on the held row",
        60_000,
      );
      const victim = workers.find((worker) => worker.name === waiting)!;
      await kill(victim);
    } finally {
      await holder.query("rollback");
      await holder.end();
    }

    const compared = await waitFor(
      async () => {
        const row = await importOf(id);
        return row.status === "comparing" ? undefined : row;
      },
      "the other worker to compare the file",
      90_000,
    );
    expect(compared.status).toBe("review");
    expect(compared.counts).toMatchObject({ rows: people, rowsWithErrors: 1, newPeople: people - 1 });
    // Once: one change per new person, none twice.
    const { rows: changes } = await getDb().execute<{ numbered: number; distinct_rows: number }>(
      sql`select count(row_number)::int as numbered, count(distinct row_number)::int as distinct_rows
            from import_changes where import_id = ${id}`,
    );
    expect(changes[0]).toEqual({ numbered: people - 1, distinct_rows: people - 1 });
    // The parse ran once; the comparison twice, the killed run handed over by its lapsed lease.
    expect(await jobsOf("personnel-import", "importId", id)).toEqual([
      { state: "completed", retry_count: 0 },
      { state: "completed", retry_count: 1 },
    ]);
  }, 240_000);

  it("a digest run: the other worker sends the digests the killed one had not got out, each once", async () => {
    await twoWorkers();
    const count = 40;
    const [sender] = await getDb()
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, w.admin.user.id));
    const members = [];
    for (let i = 0; i < count; i++) {
      const { membership } = await createUserWithMembership(getDb(), {
        accountId: w.account.id,
        clusterId: w.cluster.id,
        email: `digest-${i}@kill.test`,
      });
      members.push(membership.id);
    }
    await getDb().update(memberships).set({ updatesFrequency: "weekly" }).where(inArray(memberships.id, members));
    // A task each, so that every member has news.
    await getDb()
      .insert(tasks)
      .values(
        members.map((receiverId, i) => ({
          accountId: w.account.id,
          clusterId: w.cluster.id,
          type: "task" as const,
          title: `Taak ${i}`,
          senderId: sender.id,
          receiverId,
        })),
      );

    holding = true;
    const jobId = await enqueue("digests", { only: members });
    expect(jobId).toBeTruthy();
    const victim = await waitFor(
      () => workers.find((worker) => worker.smtp.held.length > 0),
      "a digest delivery to hang at an SMTP server",
      60_000,
    );
    // The run has claimed every digest (one page) and is sending them.
    expect(await getDb().$count(digestsSent, inArray(digestsSent.membershipId, members))).toBe(count);
    await kill(victim);
    holding = false;

    const outbox = () =>
      getDb()
        .select({ status: emailOutbox.status, attempts: emailOutbox.attempts, to: emailOutbox.toAddress })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, "digest"), sql`${emailOutbox.toAddress} like '%@kill.test'`));
    const sent = await waitFor(
      async () => {
        const rows = await outbox();
        return rows.every((row) => row.status === "sent") ? rows : undefined;
      },
      "every digest to be sent",
      90_000,
    );
    expect(sent).toHaveLength(count);
    expect(sent.every((row) => row.attempts === 1)).toBe(true);
    expect(await getDb().$count(digestsSent, inArray(digestsSent.membershipId, members))).toBe(count);

    // At the SMTP servers: each member's digest accepted once; the killed worker's messages were never answered.
    const accepted = workers.flatMap((worker) => worker.smtp.messages).flatMap((mail) => mail.envelopeTo);
    const digests = accepted.filter((to) => to.endsWith("@kill.test")).sort();
    expect(digests).toEqual(Array.from({ length: count }, (_, i) => `digest-${i}@kill.test`).sort());
    expect(victim.smtp.messages).toHaveLength(0);
    const { rows: runs } = await getDb().execute<{ state: string; retry_count: number }>(
      sql`select state, retry_count from pgboss.job where id = ${jobId}::uuid`,
    );
    expect(runs).toEqual([{ state: "completed", retry_count: 1 }]);
  }, 240_000);

  it.runIf(throughPgBouncer())("went through PgBouncer: the workers' transactions", async () => {
    expect(await database.carried()).toBeGreaterThan(100);
  });
});
