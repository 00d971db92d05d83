import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { importChanges, importColumnMappings, importFiles, importRows, imports, users } from "#db/schema";
import { importDecisions, type ImportChangeMeta, type ImportDecision } from "#db/schema/imports";
import { transactionWithJob } from "#jobs/enqueue.server";
import { emailPattern } from "~/features/employees/employees.schema";
import { lookupEmails, type LookupOutcome } from "~/features/employees/employee-person.server";
import { personNameSql } from "~/utils/person-name.server";
import { inCluster, isUuid, notFound, uniqueUuids } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { contractFields, importFieldOf, normaliseHeader } from "./import-fields";
import { importFileType } from "./import-file.server";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "./upload-limits";
import { personnelImportQueue } from "./import-run.server";

export const HISTORY_SIZE = 50;

export type UploadResult =
  { ok: true; importId: string } | { ok: false; errorKey: string; values?: Record<string, string | number> };

/** Stores the upload and queues the job that reads it; the request itself never parses the workbook. */
export async function createImport(ctx: TenantContext, file: { name: string; data: Buffer }): Promise<UploadResult> {
  if (file.data.length === 0) return { ok: false, errorKey: "import:errors.noFile" };
  if (file.data.length > MAX_UPLOAD_BYTES)
    return { ok: false, errorKey: "import:errors.tooLarge", values: { max: MAX_UPLOAD_MB } };
  const fileType = importFileType(file.name, file.data.subarray(0, 4096));
  if (!fileType) return { ok: false, errorKey: "import:errors.type" };
  // The import and its job commit together (decision 1991): no import left "parsing" without a job.
  const importId = await transactionWithJob(personnelImportQueue, async (tx, send) => {
    const [row] = await tx
      .insert(imports)
      .values({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        createdBy: ctx.user.id,
        fileName: file.name.slice(0, 255),
        fileType,
        status: "parsing",
      })
      .returning({ id: imports.id });
    await tx.insert(importFiles).values({ importId: row.id, data: file.data });
    await send({ importId: row.id });
    return row.id;
  });
  return { ok: true, importId };
}

export async function listImports(ctx: TenantContext) {
  return getDb()
    .select({
      id: imports.id,
      fileName: imports.fileName,
      status: imports.status,
      createdAt: imports.createdAt,
      finishedAt: imports.finishedAt,
      counts: imports.counts,
      applied: imports.applied,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.createdBy))
    .where(inCluster(imports, ctx))
    .orderBy(desc(imports.createdAt))
    .limit(HISTORY_SIZE);
}

/** One import of the current cluster, or 404. */
export async function getImport(ctx: TenantContext, importId: string, db: DbOrTx = getDb()) {
  if (!isUuid(importId)) notFound();
  const [row] = await db
    .select({
      id: imports.id,
      source: imports.source,
      fileName: imports.fileName,
      fileType: imports.fileType,
      status: imports.status,
      errorKey: imports.errorKey,
      errorValues: imports.errorValues,
      sheetNames: imports.sheetNames,
      sheet: imports.sheet,
      headers: imports.headers,
      mapping: imports.mapping,
      rowsTotal: imports.rowsTotal,
      rowsDone: imports.rowsDone,
      counts: imports.counts,
      applied: imports.applied,
      createdAt: imports.createdAt,
      finishedAt: imports.finishedAt,
      createdBy: sql<string | null>`(select ${personNameSql("u")} from users u where u.id = ${imports.createdBy})`,
      appliedBy: sql<string | null>`(select ${personNameSql("u")} from users u where u.id = ${imports.appliedBy})`,
    })
    .from(imports)
    .where(and(inCluster(imports, ctx), eq(imports.id, importId)));
  if (!row) notFound();
  return row;
}
export type ImportView = Awaited<ReturnType<typeof getImport>>;

/** The first rows of the file (for the columns step) and every row with a problem. */
export async function listImportRows(ctx: TenantContext, importId: string, which: "sample" | "problems") {
  return getDb()
    .select({ rowNumber: importRows.rowNumber, values: importRows.values, errors: importRows.errors })
    .from(importRows)
    .where(
      and(
        inCluster(importRows, ctx),
        eq(importRows.importId, importId),
        which === "problems" ? sql`jsonb_array_length(${importRows.errors}) > 0` : undefined,
      ),
    )
    .orderBy(asc(importRows.rowNumber))
    .limit(which === "sample" ? 3 : 500);
}

/** Reads another sheet of the workbook: back to the job. Another state or sheet changes nothing. */
export async function chooseSheet(ctx: TenantContext, importId: string, sheet: number): Promise<{ ok: true }> {
  const current = await getImport(ctx, importId);
  if (current.status !== "columns" || sheet < 0 || sheet >= current.sheetNames.length) return { ok: true };
  await transactionWithJob(personnelImportQueue, async (tx, send) => {
    await tx
      .update(imports)
      .set({ status: "parsing", sheet, rowsDone: 0, parseAttempts: 0, parseRunning: false })
      .where(and(inCluster(imports, ctx), eq(imports.id, importId)));
    await send({ importId });
  });
  return { ok: true };
}

export type ColumnsResult = { ok: true } | { ok: false; errorKey: string; column?: string };

/**
 * The columns step: saves the mapping (each field at most once), remembers it for the cluster's next
 * import, and queues the comparison.
 */
export async function saveColumns(
  ctx: TenantContext,
  importId: string,
  input: Record<string, string>,
): Promise<ColumnsResult> {
  const current = await getImport(ctx, importId);
  if (current.status !== "columns" && current.status !== "review")
    return { ok: false, errorKey: "import:errors.state" };
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const [index, name] of Object.entries(input)) {
    const field = importFieldOf(name);
    if (!field || Number(index) >= current.headers.length) continue;
    if (used.has(field)) return { ok: false, errorKey: "import:columns.twice", column: index };
    used.add(field);
    mapping[index] = field;
  }
  if (!used.has("email") && !used.has("employeeNumber")) return { ok: false, errorKey: "import:columns.needKey" };
  // The contract's columns mean nothing without its position and start (spec §5): said, never dropped.
  const lone = Object.entries(mapping).find(([, field]) => (contractFields as readonly string[]).includes(field));
  if (lone && !(used.has("position") && used.has("contractStart"))) {
    return { ok: false, errorKey: "import:columns.contractNeedsStartAndPosition", column: lone[0] };
  }
  await transactionWithJob(personnelImportQueue, async (tx, send) => {
    await tx
      .update(imports)
      .set({ mapping, status: "comparing", rowsDone: 0 })
      .where(and(inCluster(imports, ctx), eq(imports.id, importId)));
    const remembered = Object.entries(mapping).map(([index, field]) => ({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      header: normaliseHeader(current.headers[Number(index)] ?? ""),
      field,
    }));
    const rows = remembered.filter((r) => r.header);
    if (rows.length > 0) {
      await tx
        .insert(importColumnMappings)
        .values(rows)
        .onConflictDoUpdate({
          target: [importColumnMappings.clusterId, importColumnMappings.header],
          set: { field: sql`excluded.field`, updatedAt: new Date() },
        });
    }
    await send({ importId });
  });
  return { ok: true };
}

export async function listChanges(ctx: TenantContext, importId: string, metas?: ImportChangeMeta[]) {
  return getDb()
    .select({
      id: importChanges.id,
      membershipId: importChanges.membershipId,
      rowNumber: importChanges.rowNumber,
      label: importChanges.label,
      meta: importChanges.meta,
      field: importChanges.field,
      oldValue: importChanges.oldValue,
      newValue: importChanges.newValue,
      data: importChanges.data,
      decision: importChanges.decision,
      outcome: importChanges.outcome,
    })
    .from(importChanges)
    .where(
      and(
        inCluster(importChanges, ctx),
        eq(importChanges.importId, importId),
        metas ? inArray(importChanges.meta, metas) : undefined,
      ),
    )
    .orderBy(asc(importChanges.meta), asc(importChanges.label), asc(importChanges.rowNumber), asc(importChanges.field));
}
export type ImportChangeRow = Awaited<ReturnType<typeof listChanges>>[number];

/**
 * Saves decisions: per change (ids of another import are ignored), then per group for "all".
 * Only while the import waits for review.
 */
export async function saveDecisions(
  ctx: TenantContext,
  importId: string,
  input: {
    decisions: { id: string; decision: ImportDecision }[];
    all?: { metas: ImportChangeMeta[]; decision: ImportDecision };
  },
  db: DbOrTx = getDb(),
) {
  const current = await getImport(ctx, importId, db);
  if (current.status !== "review") return;
  const scope = and(inCluster(importChanges, ctx), eq(importChanges.importId, importId));
  await db.transaction(async (tx) => {
    for (const decision of importDecisions) {
      const ids = uniqueUuids(input.decisions.filter((d) => d.decision === decision).map((d) => d.id));
      if (ids.length === 0) continue;
      await tx
        .update(importChanges)
        .set({ decision })
        .where(and(scope, inArray(importChanges.id, ids), metasFor(decision)));
    }
    if (input.all) {
      const metas = input.all.metas.filter((m) => input.all!.decision !== "endContract" || m === "NOT_IN_IMPORT");
      if (metas.length === 0) return;
      await tx
        .update(importChanges)
        .set({ decision: input.all.decision })
        .where(and(scope, inArray(importChanges.meta, metas)));
    }
  });
}

/** Which changes a decision may be set on: never NO_CHANGE; "end contract" only for people not in the file (1240). */
function metasFor(decision: ImportDecision) {
  return decision === "endContract"
    ? eq(importChanges.meta, "NOT_IN_IMPORT")
    : sql`${importChanges.meta} <> 'NO_CHANGE'`;
}

export async function countPending(
  ctx: TenantContext,
  importId: string,
  metas?: ImportChangeMeta[],
  db: DbOrTx = getDb(),
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(importChanges)
    .where(
      and(
        inCluster(importChanges, ctx),
        eq(importChanges.importId, importId),
        eq(importChanges.decision, "pending"),
        metas ? inArray(importChanges.meta, metas) : undefined,
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// New people: the e-mail lookup of the personnel wizard, per person, before applying (1241)

export type NewPersonLookup = { outcome: LookupOutcome; canConnect: boolean };

/**
 * The lookup outcome of each new person's e-mail address (connect, activate, restore first, other
 * account …), by change id, run for the signed-in user now: applying runs it again (addPerson).
 */
export async function lookupNewPeople(
  ctx: TenantContext,
  changes: readonly Pick<ImportChangeRow, "id" | "meta" | "data">[],
): Promise<Map<string, NewPersonLookup>> {
  const people = changes.filter((c) => c.meta === "NEW_PERSON" && c.data?.email);
  const found = await lookupEmails(
    ctx,
    people.map((c) => c.data!.email!),
  );
  return new Map(
    people.map((c) => {
      const result = found.get(c.data!.email!.toLowerCase()) ?? { outcome: "notFound" as const };
      return [c.id, { outcome: result.outcome, canConnect: result.canConnect ?? false }];
    }),
  );
}

export const MAX_EMAIL_LENGTH = 254;

export type NewEmailsResult = { ok: true } | { ok: false; errors: Record<string, string> };

/**
 * "Choose another e-mail address" for new people (an address of another account, say): each typed
 * address must be valid and not that of another new person of this import; the file's address is kept
 * as `fileEmail` for the history. Nothing is saved when one is wrong. An empty field changes nothing.
 */
export async function saveNewEmails(
  ctx: TenantContext,
  importId: string,
  input: readonly { id: string; email: string }[],
  db: DbOrTx = getDb(),
): Promise<NewEmailsResult> {
  const current = await getImport(ctx, importId, db);
  if (current.status !== "review") return { ok: true };
  const people = await db
    .select({ id: importChanges.id, data: importChanges.data })
    .from(importChanges)
    .where(
      and(inCluster(importChanges, ctx), eq(importChanges.importId, importId), eq(importChanges.meta, "NEW_PERSON")),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  const wanted = input
    .map((e) => ({ id: e.id, email: e.email.trim().toLowerCase() }))
    .filter((e) => e.email && byId.has(e.id) && e.email !== byId.get(e.id)!.data?.email?.toLowerCase());
  const errors: Record<string, string> = {};
  const owner = new Map<string, string>();
  for (const p of people) if (p.data?.email) owner.set(p.data.email.toLowerCase(), p.id);
  for (const e of wanted) {
    if (e.email.length > MAX_EMAIL_LENGTH || !emailPattern.test(e.email)) errors[e.id] = "validation:email.invalid";
    else if ((owner.get(e.email) ?? e.id) !== e.id) errors[e.id] = "import:new.emailInFile";
    else owner.set(e.email, e.id);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  await db.transaction(async (tx) => {
    for (const e of wanted) {
      const data = byId.get(e.id)!.data ?? {};
      await tx
        .update(importChanges)
        .set({ data: { ...data, email: e.email, fileEmail: data.fileEmail ?? data.email ?? "" } })
        .where(and(inCluster(importChanges, ctx), eq(importChanges.id, e.id)));
    }
  });
  return { ok: true };
}
