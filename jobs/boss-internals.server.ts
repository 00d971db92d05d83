import { sql, type SQL } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { DbOrTx } from "#db/client.server";
import { bossSchema } from "./boss.server";

/**
 * Every statement of the application that reads or writes pg-boss's own tables, in one place: they are no
 * API of pg-boss and change with its versions (pg-boss 11 has no `archive` table, for one). Everything else
 * goes through pg-boss's API (jobs/boss.server.ts, jobs/enqueue.server.ts).
 *
 * Written against the version below, pinned in package.json. tests/unit/boss-internals-version.test.ts fails
 * when another version is installed: review each function here against that version's schema (plans.js),
 * then update the version; tests/integration/boss-internals.test.ts runs every function on a real database.
 */
export const bossInternalsReviewedFor = "10.4.2";

const job = sql.raw(`"${bossSchema}".job`);
const archive = sql.raw(`"${bossSchema}".archive`);
const jobTable = `"${bossSchema}".job`;

/** The job states in which a job still runs or will run. */
const liveStates = ["created", "retry", "active"] as const;

/** pg-boss's own connection (`boss.getDb()`): the worker's statements run on it, beside pg-boss's own. */
type BossDb = ReturnType<PgBoss["getDb"]>;

/**
 * Renews the leases of running jobs (docs/decisions/0612): each job's `expire_in` becomes its run so far plus
 * `leaseSeconds`, never more than its queue's longest run (`longestRunSeconds`).
 */
export async function renewJobLeases(
  db: BossDb,
  queue: string,
  jobs: { id: string; longestRunSeconds: number }[],
  leaseSeconds: number,
): Promise<void> {
  await db.executeSql(
    `update ${jobTable} j
        set expire_in = least(now() - j.started_on + make_interval(secs => $3::float8), make_interval(secs => l.limit_seconds))
       from unnest($2::uuid[], $4::float8[]) as l(id, limit_seconds)
      where j.name = $1 and j.id = l.id and j.state = 'active'`,
    [queue, jobs.map((j) => j.id), leaseSeconds, jobs.map((j) => j.longestRunSeconds)],
  );
}

/**
 * Puts active jobs of the queues whose lease lapsed (their worker died) back in the queue at once, as a retry,
 * and returns them. Jobs without retries left are left to pg-boss's maintenance, which fails them. `running`:
 * the caller's own jobs, never taken: a handler that held the event loop past its lease between the renewal and
 * this statement is alive, and its job would run a second time (decision 1771).
 */
export async function reclaimLapsedJobs(
  db: BossDb,
  queues: string[],
  running: string[] = [],
): Promise<{ name: string; id: string }[]> {
  const { rows } = await db.executeSql(
    `update ${jobTable}
        set state = 'retry', start_after = now(),
            output = '{"message": "worker lost: lease expired, retried"}'::jsonb
      where name = any($1::text[]) and state = 'active' and started_on + expire_in < now()
        and retry_count < retry_limit and not (id = any($2::uuid[]))
      returning name, id`,
    [queues, running],
  );
  return rows as { name: string; id: string }[];
}

/**
 * A condition for a drizzle query: a job of `queue` whose payload's `dataKey` equals `value` has yet to run
 * or is running (created, waiting out a retry's backoff, or active).
 */
export function liveJobExists(queue: string, dataKey: string, value: SQL): SQL {
  return sql`exists (
    select 1 from ${job} j
    where j.name = ${queue}
      and j.state in (${sql.join(
        liveStates.map((state) => sql`${state}`),
        sql`, `,
      )})
      and j.data->>${dataKey} = ${value}
  )`;
}

/** Whether one of `states` means that the job still runs or will run. */
export function anyLiveJob(states: string[]): boolean {
  return states.some((state) => (liveStates as readonly string[]).includes(state));
}

/**
 * The states of every job of `queue` whose payload's `dataKey` is `value`, archived ones included: none at all
 * means the job was never sent (or is older than pg-boss's archive keeps).
 */
export async function jobStates(db: DbOrTx, queue: string, dataKey: string, value: string): Promise<string[]> {
  const { rows } = await db.execute<{ state: string }>(sql`
    select state from ${job} where name = ${queue} and data->>${dataKey} = ${value}
    union all
    select state from ${archive} where name = ${queue} and data->>${dataKey} = ${value}
  `);
  return rows.map((row) => row.state);
}

/**
 * pg-boss's schema version (its `version` table), for the readiness check (/readyz): the job queue answers and
 * pg-boss has installed its tables. Undefined when the schema is missing (pg-boss never started on this database).
 */
export async function bossSchemaVersion(db: DbOrTx): Promise<number | undefined> {
  const { rows: tables } = await db.execute<{ found: boolean }>(
    sql`select to_regclass(${`"${bossSchema}".version`}) is not null as found`,
  );
  if (!tables[0]?.found) return undefined;
  const { rows } = await db.execute<{ version: number }>(
    sql`select version from ${sql.raw(`"${bossSchema}".version`)}`,
  );
  return rows[0]?.version;
}

/**
 * Jobs waiting (created, or waiting out a retry's backoff) and running, per queue, for the metrics (/metrics).
 * Deferred jobs (start_after in the future, as cron's next run) count as waiting too.
 */
export async function queueDepths(db: DbOrTx): Promise<{ name: string; state: "waiting" | "active"; count: number }[]> {
  const { rows } = await db.execute<{ name: string; state: "waiting" | "active"; count: string }>(sql`
    select name, case when state = 'active' then 'active' else 'waiting' end as state, count(*)::text as count
      from ${job}
     where state in ('created', 'retry', 'active')
     group by 1, 2
  `);
  return rows.map((row) => ({ name: row.name, state: row.state, count: Number(row.count) }));
}

/**
 * Hands running jobs back to the queue when their worker stops before they finish (docs/decisions/1513): each
 * is queued again at once for another worker, its retry count as before the run (a stop is not a failure; the
 * next fetch counts the run again). Only jobs still active; returns those handed back.
 */
export async function handBackJobs(
  db: BossDb,
  ids: string[],
): Promise<{ name: string; id: string; requestId: string | null }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.executeSql(
    `update ${jobTable}
        set state = 'retry', start_after = now(), retry_count = greatest(retry_count - 1, 0),
            output = '{"message": "handed back: its worker stopped"}'::jsonb
      where id = any($1::uuid[]) and state = 'active'
      returning name, id, data->>'requestId' as "requestId"`,
    [ids],
  );
  return rows as { name: string; id: string; requestId: string | null }[];
}
