import { and, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { importChanges, importConnectorRuns, importConnectors, imports, users } from "#db/schema";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { applyImport } from "../import-apply.server";
import { runPersonnelImport } from "../import-run.server";
import { connectorLabel } from "./connector-settings";
import { dueSlot } from "./connector-slots";
import { createConnectorImport, fetchStage, markCompared } from "./connectors.server";
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
