import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { importColumnMappings, importConnectorRuns, importConnectors, importRows, imports } from "#db/schema";
import type { ConnectorKind, ConnectorStage } from "#db/schema/import-connectors";
import { transactionWithJob } from "#jobs/enqueue.server";
import { decryptSecret, encryptSecret } from "~/features/auth/sso-crypto.server";
import { inCluster, isUuid, notFound, type Tenant } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { normaliseHeader, proposeMapping } from "../import-fields";
import {
  connectorLabel,
  connectorFieldDefaults,
  type ConnectorScheduleInput,
  type ConnectorSettingsInput,
} from "./connector-settings";
import {
  ConnectorError,
  connectors,
  type ConnectorSettings,
  type ProgressStage,
  type RemoteRecord,
} from "./connector-clients.server";

export const connectorImportQueue = "personnel-import-connector";

export type ConnectorResult = { ok: true } | { ok: false; field?: string; errorKey: string };

type ConnectorRow = typeof importConnectors.$inferSelect;

async function connectorRow(tenant: Tenant, kind: ConnectorKind): Promise<ConnectorRow | null> {
  const [row] = await getDb()
    .select()
    .from(importConnectors)
    .where(and(inCluster(importConnectors, tenant), eq(importConnectors.kind, kind)));
  return row ?? null;
}

/** The last few characters of a secret, the rest hidden: enough to recognise it, never the whole. */
function secretHint(stored: string): string {
  try {
    const plain = decryptSecret(stored);
    return plain.length > 12 ? `••••${plain.slice(-4)}` : "••••";
  } catch {
    return "";
  }
}

/** The settings page's view of a connector (never the secret itself). */
export async function getConnectorView(ctx: TenantContext, kind: ConnectorKind) {
  const row = await connectorRow(ctx, kind);
  return {
    configured: row !== null,
    url: row?.url ?? "",
    connectorName: row?.connectorName ?? "",
    secretHint: row ? secretHint(row.secretEncrypted) : "",
    schedule: row?.schedule ?? "off",
    weekday: row?.weekday ?? 1,
    time: row?.time ?? "06:00",
    autoApply: row?.autoApply ?? false,
    /** Changes on every save: the page's forms start afresh (the token field empty again). */
    savedAt: row?.updatedAt.toISOString() ?? "",
  };
}

/** Saves URL, secret (encrypted; empty keeps the stored one) and the AFAS connector name. */
export async function saveConnectorSettings(
  ctx: TenantContext,
  kind: ConnectorKind,
  input: ConnectorSettingsInput,
): Promise<ConnectorResult> {
  const existing = await connectorRow(ctx, kind);
  const secret = input.secret?.trim() ?? "";
  if (!existing && !secret) return { ok: false, field: "secret", errorKey: "import:connector.errors.secretRequired" };
  const connectorName = input.connectorName?.trim() ?? "";
  if (kind === "afas" && !connectorName)
    return { ok: false, field: "connectorName", errorKey: "import:connector.errors.connectorNameRequired" };
  const values = {
    url: input.url.trim(),
    connectorName: kind === "afas" ? connectorName : "",
    ...(secret ? { secretEncrypted: encryptSecret(secret) } : {}),
    updatedAt: new Date(),
  };
  if (existing) {
    await getDb().update(importConnectors).set(values).where(eq(importConnectors.id, existing.id));
  } else {
    await getDb()
      .insert(importConnectors)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, kind, secretEncrypted: "", ...values });
  }
  return { ok: true };
}

/** The schedule; who sets it is who the scheduled runs act as (decision 1223). */
export async function saveConnectorSchedule(
  ctx: TenantContext,
  kind: ConnectorKind,
  input: ConnectorScheduleInput,
): Promise<ConnectorResult> {
  const existing = await connectorRow(ctx, kind);
  if (!existing) return { ok: false, errorKey: "import:connector.errors.notConfigured" };
  const changed =
    existing.schedule !== input.schedule || existing.weekday !== input.weekday || existing.time !== input.time;
  await getDb()
    .update(importConnectors)
    .set({
      schedule: input.schedule,
      weekday: input.weekday,
      time: input.time,
      autoApply: input.autoApply,
      scheduledBy: input.schedule === "off" ? existing.scheduledBy : ctx.user.id,
      scheduledSince: changed ? new Date() : existing.scheduledSince,
      updatedAt: new Date(),
    })
    .where(eq(importConnectors.id, existing.id));
  return { ok: true };
}

function settingsOf(row: ConnectorRow): ConnectorSettings {
  let secret: string;
  try {
    secret = decryptSecret(row.secretEncrypted);
  } catch {
    // SESSION_SECRET was rotated (decision 0421): HR enters the token again.
    throw new ConnectorError("import:connector.errors.secretLost");
  }
  return { url: row.url, secret, connectorName: row.connectorName };
}

/** "Test connection": one small request with the stored settings; a clear message for each failure. */
export async function testConnector(ctx: TenantContext, kind: ConnectorKind): Promise<ConnectorResult> {
  const row = await connectorRow(ctx, kind);
  if (!row) return { ok: false, errorKey: "import:connector.errors.notConfigured" };
  try {
    await connectors[kind].test(settingsOf(row));
    return { ok: true };
  } catch (error) {
    if (error instanceof ConnectorError) return { ok: false, errorKey: error.key };
    throw error;
  }
}

/**
 * Creates an import fetched through the connector (status `parsing` while it fetches) with its run row and its
 * job, in one transaction; a scheduled run carries its slot, unique per connector, so a slot runs once however
 * many workers try (decision 1223). Returns null when the slot was already taken.
 */
export async function createConnectorImport(
  tenant: Tenant,
  connector: Pick<ConnectorRow, "id" | "kind">,
  createdBy: string | null,
  slot: string | null = null,
): Promise<string | null> {
  // The run and its job commit together (decision 1991); recoverLostRuns stays for a worker lost mid-run.
  return transactionWithJob(connectorImportQueue, async (tx, send) => {
    if (slot) {
      const [taken] = await tx
        .select({ id: importConnectorRuns.importId })
        .from(importConnectorRuns)
        .where(and(eq(importConnectorRuns.connectorId, connector.id), eq(importConnectorRuns.slot, slot)));
      if (taken) return null;
    }
    const [row] = await tx
      .insert(imports)
      .values({
        ...tenant,
        createdBy,
        source: connector.kind,
        fileName: connectorLabel(connector.kind),
        // No file: the rows come from the remote system (the column is the spreadsheet's type).
        fileType: "csv",
        status: "parsing",
      })
      .returning({ id: imports.id });
    const [run] = await tx
      .insert(importConnectorRuns)
      .values({ importId: row.id, ...tenant, connectorId: connector.id, kind: connector.kind, slot })
      .onConflictDoNothing()
      .returning({ id: importConnectorRuns.importId });
    if (!run) {
      await tx.delete(imports).where(eq(imports.id, row.id));
      return null;
    }
    await send({ importId: row.id });
    return row.id;
  });
}

/** "Import now" from the connector page. */
export async function startConnectorImport(
  ctx: TenantContext,
  kind: ConnectorKind,
): Promise<{ ok: true; importId: string } | { ok: false; errorKey: string }> {
  const row = await connectorRow(ctx, kind);
  if (!row) return { ok: false, errorKey: "import:connector.errors.notConfigured" };
  const importId = await createConnectorImport(ctx, row, ctx.user.id);
  return importId ? { ok: true, importId } : { ok: false, errorKey: "import:errors.state" };
}

/** A connector run of the current cluster (404 otherwise) with its import. */
export async function getConnectorRun(ctx: TenantContext, importId: string) {
  if (!isUuid(importId)) notFound();
  const [row] = await getDb()
    .select({
      importId: importConnectorRuns.importId,
      kind: importConnectorRuns.kind,
      stage: importConnectorRuns.stage,
      slot: importConnectorRuns.slot,
      status: imports.status,
      errorKey: imports.errorKey,
      rowsDone: imports.rowsDone,
      rowsTotal: imports.rowsTotal,
    })
    .from(importConnectorRuns)
    .innerJoin(imports, eq(imports.id, importConnectorRuns.importId))
    .where(and(inCluster(importConnectorRuns, ctx), eq(importConnectorRuns.importId, importId)));
  if (!row) notFound();
  return row;
}

/** The connector runs among these imports (for the history list): import id → kind. */
export async function connectorKindsOf(ctx: TenantContext, importIds: string[]): Promise<Map<string, ConnectorKind>> {
  if (importIds.length === 0) return new Map();
  const rows = await getDb()
    .select({ importId: importConnectorRuns.importId, kind: importConnectorRuns.kind })
    .from(importConnectorRuns)
    .where(and(inCluster(importConnectorRuns, ctx), inArray(importConnectorRuns.importId, importIds)));
  return new Map(rows.map((r) => [r.importId, r.kind]));
}

/** The connector's latest runs, newest first. */
export async function listConnectorRuns(ctx: TenantContext, kind: ConnectorKind, limit = 10) {
  return getDb()
    .select({
      importId: importConnectorRuns.importId,
      stage: importConnectorRuns.stage,
      slot: importConnectorRuns.slot,
      status: imports.status,
      createdAt: imports.createdAt,
    })
    .from(importConnectorRuns)
    .innerJoin(imports, eq(imports.id, importConnectorRuns.importId))
    .where(and(inCluster(importConnectorRuns, ctx), eq(importConnectorRuns.kind, kind)))
    .orderBy(desc(imports.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------------
// The job: fetch → (teams → team_leaders →) users → compare → ready.

async function setStage(importId: string, stage: ConnectorStage) {
  await getDb().update(importConnectorRuns).set({ stage }).where(eq(importConnectorRuns.importId, importId));
}

const CHUNK = 1000;

/**
 * Fetches the people into the import's rows (headers = the remote field names) and proposes a mapping
 * (the cluster's remembered one, else the connector's defaults, else header recognition). A retried
 * job starts again from an empty import. Ends with the import at `columns` (HR checks the mapping) or,
 * when `compareNow` and the mapping has a key, at `comparing`.
 */
export async function fetchStage(importId: string, compareNow: boolean): Promise<"columns" | "comparing" | "failed"> {
  const db = getDb();
  const [run] = await db
    .select({
      accountId: importConnectorRuns.accountId,
      clusterId: importConnectorRuns.clusterId,
      kind: importConnectorRuns.kind,
      connectorId: importConnectorRuns.connectorId,
    })
    .from(importConnectorRuns)
    .where(eq(importConnectorRuns.importId, importId));
  const tenant: Tenant = { accountId: run.accountId, clusterId: run.clusterId };
  const [connector] = run.connectorId
    ? await db
        .select()
        .from(importConnectors)
        .where(and(eq(importConnectors.id, run.connectorId), inCluster(importConnectors, tenant)))
    : [];
  await db.delete(importRows).where(eq(importRows.importId, importId));
  await setStage(importId, "fetch");
  // Each page is stored as it arrives (the worker never holds every person); the columns are the remote
  // field names in the order they first appear, so an earlier row simply has no value for a later one.
  const headers: string[] = [];
  const seen = new Set<string>();
  let stored = 0;
  const store = async (people: RemoteRecord[]) => {
    for (const person of people)
      for (const key of Object.keys(person))
        if (!seen.has(key)) {
          seen.add(key);
          headers.push(key);
        }
    for (let start = 0; start < people.length; start += CHUNK) {
      const chunk = people.slice(start, start + CHUNK);
      await db.insert(importRows).values(
        chunk.map((person, i) => ({
          importId,
          ...tenant,
          rowNumber: stored + start + i + 2,
          values: headers.map((h) => person[h] ?? ""),
        })),
      );
    }
    stored += people.length;
  };
  let count: number;
  try {
    if (!connector) throw new ConnectorError("import:connector.errors.notConfigured");
    const progress = async (stage: ProgressStage, done: number) => {
      await setStage(importId, stage);
      await db.update(imports).set({ rowsDone: done }).where(eq(imports.id, importId));
    };
    count = await connectors[run.kind].fetchPeople(settingsOf(connector), progress, store);
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    await db.transaction(async (tx) => {
      await tx.delete(importRows).where(eq(importRows.importId, importId));
      await tx
        .update(imports)
        .set({ status: "failed", errorKey: error.key, finishedAt: new Date() })
        .where(and(eq(imports.id, importId), eq(imports.status, "parsing")));
      await tx.update(importConnectorRuns).set({ stage: "failed" }).where(eq(importConnectorRuns.importId, importId));
    });
    return "failed";
  }
  await db.update(imports).set({ rowsTotal: count, headers }).where(eq(imports.id, importId));
  const remembered = await db
    .select({ header: importColumnMappings.header, field: importColumnMappings.field })
    .from(importColumnMappings)
    .where(inCluster(importColumnMappings, tenant));
  const known = new Map<string, string>(
    Object.entries(connectorFieldDefaults[run.kind]).map(([name, field]) => [normaliseHeader(name), field]),
  );
  for (const r of remembered) known.set(r.header, r.field);
  const mapping = proposeMapping(headers, known);
  const fields = new Set(Object.values(mapping));
  const hasKey = fields.has("email") || fields.has("employeeNumber");
  const next = compareNow && hasKey ? "comparing" : "columns";
  await db
    .update(imports)
    .set({ status: next, mapping, rowsDone: count })
    .where(and(eq(imports.id, importId), eq(imports.status, "parsing")));
  await setStage(importId, next === "comparing" ? "compare" : "ready");
  return next;
}

/** Marks a run's stage after the shared comparison. */
export async function markCompared(importId: string) {
  await getDb()
    .update(importConnectorRuns)
    .set({ stage: sql`case when ${importConnectorRuns.stage} = 'failed' then 'failed' else 'ready' end` })
    .where(eq(importConnectorRuns.importId, importId));
}
