import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { personalDataExports, users } from "#db/schema";
import { enqueue } from "#jobs/enqueue.server";
import { auditBy, auditNow, recordAudit } from "~/features/audit/audit.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { writeXlsxFile } from "~/features/reviews/xlsx.server";
import { actorContext } from "~/utils/actor-context.server";
import { dataDir } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { personName } from "~/utils/person-name";
import { isUuid, notFound, requireUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import {
  collectPersonalData,
  personalDataSheets,
  requireExportablePerson,
  type PersonalData,
} from "./personal-data.server";

/**
 * A person's data export as a job (issue 35, decision 1740): a request row, the `personal-data-export` job that
 * writes the JSON and the .xlsx under DATA_DIR, a page with its progress, a download link that works
 * EXPORT_LINK_DAYS and then answers 410, and the cleanup that removes what expired.
 */
export const personalDataExportQueue = "personal-data-export";
/** How long a finished export can be downloaded (from the moment it is ready). */
export const EXPORT_LINK_DAYS = 7;
/** How long an expired request stays listed, so that its link answers 410 ("expired") rather than 404. */
export const EXPIRED_EXPORT_KEEP_DAYS = 30;
export const exportFormats = ["json", "xlsx"] as const;
export type ExportFormat = (typeof exportFormats)[number];

const contentTypes: Record<ExportFormat, string> = {
  json: "application/json; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Where the exports' folders live: next to the other files the product keeps in DATA_DIR. */
export function exportsRoot(): string {
  return path.join(dataDir(), "personal-data-exports");
}

const fileOf = (folder: string, format: ExportFormat) => path.join(exportsRoot(), folder, `personal-data.${format}`);

async function removeFolder(folder: string) {
  await fs.promises.rm(path.join(exportsRoot(), folder), { recursive: true, force: true });
}

/**
 * The person asks for their own data, or an account admin for someone of the account (anyone else: 404, as
 * requireExportablePerson says). Stores the request, records it in the trail in the same transaction, and
 * starts the job. Returns the request's id (its page is /personal-data/{id}).
 */
export async function requestPersonalDataExport(ctx: TenantContext, ip: string | null, personId: string | null) {
  const userId = await requireExportablePerson(ctx, personId);
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(personalDataExports)
      .values({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        personId: userId,
        requestedBy: ctx.user.id,
        // Until it is ready: a request that never finishes is cleaned up like an expired one.
        expiresAt: sql`now() + make_interval(days => ${EXPORT_LINK_DAYS})`,
      })
      .returning({ id: personalDataExports.id });
    await recordAudit(tx, {
      ...auditBy(ctx, ip),
      targetUserId: userId,
      subjectType: "user",
      subjectId: userId,
      action: "export.personalDataRequest",
      data: { export: row.id },
    });
    return row.id;
  });
  await enqueue(personalDataExportQueue, { exportId: id });
  return id;
}

/** The request as its page and its download see it, or a 404 for anyone but the requester and the account's admins. */
async function requireExport(ctx: TenantContext, id: string | undefined) {
  const exportId = requireUuid(id);
  const [row] = await getDb()
    .select({
      id: personalDataExports.id,
      personId: personalDataExports.personId,
      requestedBy: personalDataExports.requestedBy,
      status: personalDataExports.status,
      progress: personalDataExports.progress,
      fileLocation: personalDataExports.fileLocation,
      createdAt: personalDataExports.createdAt,
      finishedAt: personalDataExports.finishedAt,
      expiresAt: personalDataExports.expiresAt,
      // The database's clock decides, as the cleanup's does.
      expired: sql<boolean>`${personalDataExports.expiresAt} <= now()`,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(personalDataExports)
    .innerJoin(users, eq(users.id, personalDataExports.personId))
    .where(and(eq(personalDataExports.id, exportId), eq(personalDataExports.accountId, ctx.accountId)));
  if (!row) notFound();
  if (row.requestedBy !== ctx.user.id && !ctx.user.isAccountAdmin) notFound();
  return row;
}

/**
 * The newest request about `personId` that ctx may open (theirs, or any as account admin), for the way back to
 * its page from the profile or the person's details; null when there is none.
 */
export async function latestPersonalDataExport(ctx: TenantContext, personId: string) {
  const [row] = await getDb()
    .select({ id: personalDataExports.id, createdAt: personalDataExports.createdAt })
    .from(personalDataExports)
    .where(
      and(
        eq(personalDataExports.accountId, ctx.accountId),
        eq(personalDataExports.personId, personId),
        ctx.user.isAccountAdmin ? undefined : eq(personalDataExports.requestedBy, ctx.user.id),
      ),
    )
    .orderBy(desc(personalDataExports.createdAt))
    .limit(1);
  return row ? { id: row.id, createdAt: row.createdAt.toISOString() } : null;
}

/** What the export's page shows. */
export async function personalDataExportPage(ctx: TenantContext, id: string | undefined) {
  const row = await requireExport(ctx, id);
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    own: row.personId === ctx.user.id,
    personId: row.personId,
    personName: personName(row.firstName, row.lastName, row.email),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expired,
    linkDays: EXPORT_LINK_DAYS,
  };
}

/**
 * A download: the file as a stream (never read whole into memory), recorded in the trail; `expired` when the
 * link's time is up or its files are gone (the route answers 410). Not ready yet: 404.
 */
export async function openPersonalDataExport(
  ctx: TenantContext,
  ip: string | null,
  id: string | undefined,
  format: string | undefined,
): Promise<{ expired: true; id: string } | { expired: false; body: ReadableStream; headers: HeadersInit }> {
  const row = await requireExport(ctx, id);
  const kind = exportFormats.find((f) => f === format);
  if (!kind) notFound();
  if (row.status !== "ready") notFound();
  if (row.expired || !row.fileLocation) return { expired: true, id: row.id };
  const file = fileOf(row.fileLocation, kind);
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch {
    return { expired: true, id: row.id };
  }
  await auditNow(ctx, ip, {
    action: "export.personalData",
    targetUserId: row.personId,
    subjectType: "user",
    subjectId: row.personId,
    data: { format: kind, export: row.id },
  });
  return {
    expired: false,
    body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream,
    headers: {
      "Content-Type": contentTypes[kind],
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="personal-data-${row.personId}.${kind}"`,
      "Cache-Control": "private, no-store",
    },
  };
}

/** The JSON document written section by section, so the worker never holds it as one string. */
async function writeJsonFile(data: PersonalData, file: string) {
  const out = fs.createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  const { tables, ...head } = data;
  await write(`{\n  "format": ${JSON.stringify(head.format)},\n  "generatedAt": ${JSON.stringify(head.generatedAt)},`);
  await write(
    `\n  "person": ${JSON.stringify(head.person)},\n  "account": ${JSON.stringify(head.account)},\n  "tables": {`,
  );
  const names = Object.keys(tables);
  for (const [i, name] of names.entries()) {
    await write(`\n    ${JSON.stringify(name)}: [`);
    for (const [j, row] of tables[name].entries()) await write(`${j === 0 ? "" : ","}\n      ${JSON.stringify(row)}`);
    await write(`${tables[name].length > 0 ? "\n    " : ""}]${i < names.length - 1 ? "," : ""}`);
  }
  await write(`\n  },\n  "peerResults": ${JSON.stringify(head.peerResults)},`);
  await write(`\n  "notExported": ${JSON.stringify(head.notExported)}\n}\n`);
  out.end();
  await once(out, "finish");
}

/**
 * The job's work for one request (payload: its id). Runs as the requester in the cluster they asked from,
 * checking again that they may (an admin who lost the right meanwhile gets "failed"). A run after a crash
 * starts over; a request erased or removed meanwhile leaves no files behind. Idempotent.
 */
export async function runPersonalDataExport(exportId: string): Promise<string> {
  const db = getDb();
  const [row] = await db
    .update(personalDataExports)
    .set({ status: "running", progress: 0 })
    .where(and(eq(personalDataExports.id, exportId), sql`${personalDataExports.status} in ('pending', 'running')`))
    .returning();
  if (!row) return "nothing to do";
  const folder = row.id;
  try {
    const actor = await actorContext(row.requestedBy, row.clusterId);
    if (!actor || actor.accountId !== row.accountId) return await failExport(exportId, folder);
    try {
      await requireExportablePerson(actor, row.personId);
    } catch (error) {
      if (error instanceof Response) return await failExport(exportId, folder);
      throw error;
    }
    await removeFolder(folder);
    await fs.promises.mkdir(path.join(exportsRoot(), folder), { recursive: true });
    let shown = 0;
    const data = await collectPersonalData(actor, row.personId, async (done, total) => {
      // Reading is most of the work; the files take the last tenth.
      const progress = Math.floor((done / total) * 90);
      if (progress - shown < 5) return;
      shown = progress;
      await db.update(personalDataExports).set({ progress }).where(eq(personalDataExports.id, exportId));
    });
    await writeJsonFile(data, fileOf(folder, "json"));
    await writeXlsxFile(personalDataSheets(data), fileOf(folder, "xlsx"));
    const emailId = await db.transaction(async (tx) => {
      const [ready] = await tx
        .update(personalDataExports)
        .set({
          status: "ready",
          progress: 100,
          fileLocation: folder,
          finishedAt: sql`now()`,
          expiresAt: sql`now() + make_interval(days => ${EXPORT_LINK_DAYS})`,
        })
        .where(and(eq(personalDataExports.id, exportId), eq(personalDataExports.status, "running")))
        .returning({ id: personalDataExports.id });
      if (!ready) return undefined;
      return readyMail(tx, row.accountId, row.requestedBy, exportId);
    });
    if (emailId === undefined) {
      // Erased or removed while the job ran: nothing may stay behind.
      await removeFolder(folder);
      return "gone";
    }
    if (emailId) await enqueueEmailDelivery(emailId);
    return "ready";
  } catch (error) {
    logger.error({ err: error, exportId }, "personal-data export failed");
    return failExport(exportId, folder);
  }
}

async function failExport(exportId: string, folder: string) {
  await removeFolder(folder);
  await getDb()
    .update(personalDataExports)
    .set({ status: "failed", finishedAt: sql`now()` })
    .where(eq(personalDataExports.id, exportId));
  return "failed";
}

/** "Your export is ready" to the requester, in their language: a link to the page, never the data. */
async function readyMail(tx: DbOrTx, accountId: string, userId: string, exportId: string) {
  const [requester] = await tx
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.erasedAt)));
  if (!requester) return null;
  return queueEmail(tx, {
    accountId,
    to: requester.email,
    template: "personal-data-ready",
    locale: requester.language,
    props: { firstName: requester.firstName, path: `/personal-data/${exportId}`, days: EXPORT_LINK_DAYS },
  });
}

/**
 * The scheduled cleanup (idempotent): expired exports lose their files at once and their row
 * EXPIRED_EXPORT_KEEP_DAYS later; folders without a request (an erased person's, a crashed run's) go too.
 */
export async function removeExpiredExports(): Promise<{ files: number; rows: number }> {
  const db = getDb();
  const expired = await db
    .update(personalDataExports)
    .set({ fileLocation: null })
    .where(sql`${personalDataExports.expiresAt} <= now() and ${personalDataExports.fileLocation} is not null`)
    .returning({ folder: personalDataExports.id });
  for (const { folder } of expired) await removeFolder(folder);
  const removed = await db
    .delete(personalDataExports)
    .where(sql`${personalDataExports.expiresAt} <= now() - make_interval(days => ${EXPIRED_EXPORT_KEEP_DAYS})`);
  let orphans = 0;
  // Only folders named as a request: anything else in there is not ours to remove.
  const folders = (await fs.promises.readdir(exportsRoot()).catch(() => [] as string[])).filter(isUuid);
  if (folders.length > 0) {
    const { rows } = await db.execute<{ id: string }>(sql`
      select id from personal_data_exports
       where id = any(${`{${folders.join(",")}}`}::uuid[]) and expires_at > now()`);
    const live = new Set(rows.map((r) => r.id));
    for (const folder of folders.filter((f) => !live.has(f))) {
      await removeFolder(folder);
      orphans += 1;
    }
  }
  return { files: expired.length + orphans, rows: removed.rowCount ?? 0 };
}

/**
 * Erasure (decision 1560): a person's pending and ready exports, and those they asked for, go with them — the
 * rows in the erasure's transaction, the folders at once (the cleanup removes any a rollback left orphaned).
 */
export async function deletePersonalDataExportsOf(tx: DbOrTx, accountId: string, userId: string): Promise<number> {
  const removed = await tx
    .delete(personalDataExports)
    .where(
      and(
        eq(personalDataExports.accountId, accountId),
        sql`(${personalDataExports.personId} = ${userId} or ${personalDataExports.requestedBy} = ${userId})`,
      ),
    )
    .returning({ folder: personalDataExports.id });
  for (const { folder } of removed) await removeFolder(folder);
  return removed.length;
}
