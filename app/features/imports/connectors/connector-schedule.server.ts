import { and, eq, inArray, isNull, lt, ne, notInArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { importChanges, importConnectorRuns, importConnectors, importRows, imports, users } from "#db/schema";
import { anyLiveJob, jobStates } from "#jobs/boss-internals.server";
import { enqueue } from "#jobs/enqueue.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { applyImport } from "../import-apply.server";
import { runPersonnelImport } from "../import-run.server";
import { connectorLabel } from "./connector-settings";
import { dueSlot } from "./connector-slots";
import { connectorImportQueue, createConnectorImport, fetchStage, markCompared } from "./connectors.server";
import { scheduledActorContext } from "./scheduled-actor.server";

/**
 * The connector job (payload: the import's id). It does what the import's status asks, so a retried job
 * picks up where the last one stopped: `parsing` fetches (from scratch), `comparing` runs the same
 * comparison as a spreadsheet, and a scheduled run that is ready is finished once (auto-apply, e-mail).
 */
export async function runConnectorImport(importId: string): Promise<string> {
  const db = getDb();
  const [run] = await db
    .select({ kind: importConnectorRuns.kind, slot: importConnectorRuns.slot, status: imports.status })
    .from(importConnectorRuns)
    .innerJoin(imports, eq(imports.id, importConnectorRuns.importId))
    .where(eq(importConnectorRuns.importId, importId));
  if (!run) return "gone";
  const scheduled = run.slot !== null;
  let status: string = run.status;
  if (status === "parsing") {
    // Polaris's fields are the adapter's own: straight on to the comparison (spec: fetch → … → compare).
    status = await fetchStage(importId, scheduled || run.kind === "polaris");
  }
  if (status === "comparing") {
    await runPersonnelImport(importId);
    await markCompared(importId);
  }
  if (scheduled) await finishScheduledRun(importId);
  return status;
}

/** Field changes that need no decision: no new people or teams, no deactivations, leaders or numbers. */
const decisionFields = ["employeeNumber", "teamLeader"];

/**
 * A scheduled run, once (finished_at claimed in the transaction that queues the e-mail): with auto-apply,
 * the safe field changes are accepted and, when nothing else waits for a decision, applied as the HR user
 * who set the schedule (if they still may import); HR gets one e-mail with a link (decision 1223).
 */
export async function finishScheduledRun(importId: string): Promise<void> {
  const db = getDb();
  const [run] = await db
    .select({
      accountId: importConnectorRuns.accountId,
      clusterId: importConnectorRuns.clusterId,
      kind: importConnectorRuns.kind,
      finishedAt: importConnectorRuns.finishedAt,
      autoApply: importConnectors.autoApply,
      scheduledBy: importConnectors.scheduledBy,
      status: imports.status,
    })
    .from(importConnectorRuns)
    .leftJoin(importConnectors, eq(importConnectors.id, importConnectorRuns.connectorId))
    .innerJoin(imports, eq(imports.id, importConnectorRuns.importId))
    .where(eq(importConnectorRuns.importId, importId));
  if (!run || run.finishedAt) return;
  if (!["review", "applied", "columns", "failed"].includes(run.status)) return;
  const actor = run.scheduledBy ? await scheduledActorContext(run.scheduledBy, run.clusterId) : null;
  let status = run.status;
  let count = 0;
  if (status === "review" || status === "applied") {
    const scope = and(eq(importChanges.importId, importId), eq(importChanges.clusterId, run.clusterId));
    if (run.autoApply && status === "review") {
      await db
        .update(importChanges)
        .set({ decision: "accepted" })
        .where(
          and(
            scope,
            eq(importChanges.meta, "CHANGED"),
            eq(importChanges.decision, "pending"),
            notInArray(importChanges.field, decisionFields),
          ),
        );
    }
    const [waiting] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(importChanges)
      .where(and(scope, eq(importChanges.decision, "pending")));
    const [accepted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(importChanges)
      .where(and(scope, eq(importChanges.decision, "accepted"), ne(importChanges.meta, "NO_CHANGE")));
    if (run.autoApply && actor && waiting.n === 0 && status === "review" && accepted.n > 0) {
      const applied = await applyImport(actor, importId);
      if (applied.ok) status = "applied";
    }
    count = status === "applied" ? accepted.n : waiting.n + accepted.n;
    // Nothing to tell when the run found no change at all.
    if (status === "review" && count === 0) {
      await db
        .update(importConnectorRuns)
        .set({ finishedAt: new Date() })
        .where(eq(importConnectorRuns.importId, importId));
      return;
    }
  }
  const outcome =
    status === "applied" ? "applied" : status === "review" ? "review" : status === "columns" ? "columns" : "failed";
  const path = status === "applied" ? `/import/view/${importId}` : `/import/excel/${importId}`;
  const [recipient] = run.scheduledBy
    ? await db
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(and(eq(users.id, run.scheduledBy), isNull(users.deletedAt)))
    : [];
  const emailId = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(importConnectorRuns)
      .set({ finishedAt: new Date() })
      .where(and(eq(importConnectorRuns.importId, importId), isNull(importConnectorRuns.finishedAt)))
      .returning({ id: importConnectorRuns.importId });
    if (!claimed || !recipient || !actor) return null;
    return queueEmail(tx, {
      accountId: run.accountId,
      to: recipient.email,
      template: "import-scheduled",
      locale: recipient.language,
      props: { firstName: recipient.firstName, source: connectorLabel(run.kind), outcome, changes: count, path },
    });
  });
  if (emailId) await enqueueEmailDelivery(emailId);
}

/**
 * The schedule's clock (a pg-boss cron job every five minutes): each connector whose slot is due gets
 * one import for that slot — the slot is unique per connector, so two workers or a retried tick start
 * it once — and its job. Returns the imports started.
 */
export async function startScheduledImports(now: Date = new Date(), onlyClusters?: string[]): Promise<string[]> {
  const rows = await getDb()
    .select()
    .from(importConnectors)
    .where(
      and(
        ne(importConnectors.schedule, "off"),
        onlyClusters ? inArray(importConnectors.clusterId, onlyClusters) : undefined,
      ),
    );
  const started: string[] = [];
  for (const row of rows) {
    const slot = dueSlot(row, now, row.scheduledSince);
    if (!slot) continue;
    const id = await createConnectorImport(
      { accountId: row.accountId, clusterId: row.clusterId },
      row,
      row.scheduledBy,
      slot,
    );
    if (id) started.push(id);
  }
  return started;
}

/** A run younger than this is left alone: its job may still be on its way (decision 1226). */
export const LOST_RUN_GRACE_MS = 15 * 60_000;
/** A run still without a live job this long after it began is failed, not queued again (decision 1226). */
export const LOST_RUN_GIVE_UP_MS = 6 * 60 * 60_000;

/** The connector job's own stages: a run in one of these is waiting for its job, nobody else's. */
const jobStages = ["fetch", "teams", "team_leaders", "users", "compare"] as const;

/**
 * Runs whose job was lost (decision 1226), checked by the schedule's tick: a run still fetching or
 * comparing in one of the job's own stages, older than the grace period, for which pg-boss holds no live
 * job (created, retry or active; a job whose worker died is still pg-boss's to expire and retry). Never
 * queued → queued again (the same import: one run per slot stays true); its jobs all ended (retries used
 * up) or no job for hours → failed with "interrupted", nothing applied, and a scheduled run's HR user
 * gets the "failed" e-mail. Each run under an advisory lock, so two ticks act once.
 */
export async function recoverLostRuns(
  now: Date = new Date(),
  onlyClusters?: string[],
): Promise<{ requeued: string[]; failed: string[] }> {
  const db = getDb();
  const candidates = await db
    .select({ importId: importConnectorRuns.importId, slot: importConnectorRuns.slot, createdAt: imports.createdAt })
    .from(importConnectorRuns)
    .innerJoin(imports, eq(imports.id, importConnectorRuns.importId))
    .where(
      and(
        inArray(imports.status, ["parsing", "comparing"]),
        inArray(importConnectorRuns.stage, [...jobStages]),
        lt(imports.createdAt, new Date(now.getTime() - LOST_RUN_GRACE_MS)),
        onlyClusters ? inArray(importConnectorRuns.clusterId, onlyClusters) : undefined,
      ),
    );
  const requeued: string[] = [];
  const failed: string[] = [];
  for (const run of candidates) {
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`connector-run:${run.importId}`}))`);
      const [current] = await tx
        .select({ status: imports.status, stage: importConnectorRuns.stage })
        .from(importConnectorRuns)
        .innerJoin(imports, eq(imports.id, importConnectorRuns.importId))
        .where(eq(importConnectorRuns.importId, run.importId));
      if (!current || !["parsing", "comparing"].includes(current.status)) return "done";
      if (!(jobStages as readonly string[]).includes(current.stage)) return "done";
      const states = await jobStates(tx, connectorImportQueue, "importId", run.importId);
      if (anyLiveJob(states)) return "alive";
      const givenUp = now.getTime() - run.createdAt.getTime() > LOST_RUN_GIVE_UP_MS;
      if (states.length === 0 && !givenUp) {
        // Sent on pg-boss's own connection, before this lock is released: the next tick sees the job.
        await enqueue(connectorImportQueue, { importId: run.importId });
        return "requeued";
      }
      await tx.delete(importRows).where(eq(importRows.importId, run.importId));
      await tx
        .update(imports)
        .set({ status: "failed", errorKey: "import:connector.errors.interrupted", finishedAt: now })
        .where(and(eq(imports.id, run.importId), inArray(imports.status, ["parsing", "comparing"])));
      await tx
        .update(importConnectorRuns)
        .set({ stage: "failed" })
        .where(eq(importConnectorRuns.importId, run.importId));
      return "failed";
    });
    if (outcome === "requeued") requeued.push(run.importId);
    if (outcome === "failed") {
      failed.push(run.importId);
      if (run.slot !== null) await finishScheduledRun(run.importId);
    }
  }
  return { requeued, failed };
}
