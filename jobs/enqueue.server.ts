import type PgBoss from "pg-boss";
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
