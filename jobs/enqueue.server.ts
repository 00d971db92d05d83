import type PgBoss from "pg-boss";
import { getDb, transactionClient, type Tx } from "#db/client.server";
import { currentRequestId } from "~/utils/logger.server";
import { getSenderBoss, wakeWorkers } from "./boss.server";

/**
 * A job's payload with the request id of the request (or job) that sends it, as `requestId`: the worker's log
 * lines for the job carry it (docs/decisions/1511). Payload schemas ignore the extra field.
 */
export function withRequestId<T extends object>(data: T): T & { requestId?: string } {
  const requestId = currentRequestId();
  return requestId && !("requestId" in data) ? { ...data, requestId } : data;
}

// Queues this process has already created; createQueue is idempotent but costs a round trip.
const createdQueues = new WeakMap<PgBoss, Set<string>>();

/**
 * Sends a job from the web app. Payloads hold ids only. Retry and expiry come from the queue's
 * settings, which the worker writes from jobs/definitions; pass options only to override one job.
 */
export async function enqueue(name: string, data: object, options?: PgBoss.SendOptions): Promise<string | null> {
  const boss = await senderFor(name);
  const payload = withRequestId(data);
  const id = options ? await boss.send(name, payload, options) : await boss.send(name, payload);
  await wakeWorkers(boss, name);
  return id;
}

/** Sends many jobs of one queue in one statement (the queue's retry and expiry settings apply). */
export async function enqueueMany(name: string, data: object[]): Promise<void> {
  if (data.length === 0) return;
  const boss = await senderFor(name);
  await boss.insert(data.map((d) => ({ name, data: withRequestId(d) })));
  await wakeWorkers(boss, name);
}

/** Sends a job of the queue that `transactionWithJob` names, inside its transaction; its id, as `enqueue`'s. */
export type SendInTransaction = (data: object, options?: PgBoss.SendOptions) => Promise<string | null>;

/**
 * Runs `work` in one transaction of `getDb()`; the jobs of `queue` it sends with `send` are inserted on the
 * transaction's own connection, so a state that waits for a job and the job commit together or not at all
 * (decision 1991): a failed send rolls back the write, a rolled-back write sends nothing, and no worker sees the job
 * before the state it reads is committed. Use it, not `enqueue` after the commit, wherever only the job moves a
 * written state on. Let `send`'s error propagate: caught, it leaves the transaction aborted, and its commit a
 * rollback.
 */
export async function transactionWithJob<T>(
  queue: string,
  work: (tx: Tx, send: SendInTransaction) => Promise<T>,
): Promise<T> {
  // The queue (once per process) before the transaction, on pg-boss's own connection: its DDL (a partition of the
  // job table) never runs while this transaction holds locks on that table.
  const boss = await senderFor(queue);
  let sent = false;
  const result = await getDb().transaction(async (tx) => {
    const client = transactionClient(tx);
    const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
    return work(tx, async (data, options) => {
      const id = await boss.send(queue, withRequestId(data), { ...options, db });
      sent = true;
      return id;
    });
  });
  // After the commit: a worker woken earlier would not see the job yet.
  if (sent) await wakeWorkers(boss, queue);
  return result;
}

async function senderFor(name: string): Promise<PgBoss> {
  const boss = await getSenderBoss();
  let queues = createdQueues.get(boss);
  if (!queues) createdQueues.set(boss, (queues = new Set()));
  if (!queues.has(name)) {
    await boss.createQueue(name);
    queues.add(name);
  }
  return boss;
}
