import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  personalDataExportFiles,
  personalDataExportFormats,
  personalDataExports,
  users,
  type PersonalDataExportFormat,
} from "#db/schema";
import { transactionWithJob } from "#jobs/enqueue.server";
import { auditBy, auditNow, recordAudit } from "~/features/audit/audit.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { writeXlsx } from "~/features/reviews/xlsx.server";
import { actorContext } from "~/utils/actor-context.server";
import { logger } from "~/utils/logger.server";
import { personName } from "~/utils/person-name";
import { notFound, requireUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import {
  collectPersonalData,
  personalDataSheets,
  requireExportablePerson,
  type PersonalData,
} from "./personal-data.server";

/**
 * A person's data export as a job (issue 35, decision 1740): a request row, the `personal-data-export` job that
 * writes the JSON and the .xlsx into personal_data_export_files (decision 1965: in PostgreSQL, so that any web
 * process streams what any worker wrote), a page with its progress, a download link that works EXPORT_LINK_DAYS
 * and then answers 410, and the cleanup that removes what expired.
 */
export const personalDataExportQueue = "personal-data-export";
/** How long a finished export can be downloaded (from the moment it is ready). */
export const EXPORT_LINK_DAYS = 7;
/** How long an expired request stays listed, so that its link answers 410 ("expired") rather than 404. */
export const EXPIRED_EXPORT_KEEP_DAYS = 30;
const contentTypes: Record<PersonalDataExportFormat, string> = {
  json: "application/json; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** A download is read from PostgreSQL in pieces of this size, so that a web process never holds a large file. */
export const EXPORT_CHUNK_BYTES = 1024 * 1024;

/**
 * The person asks for their own data, or an account admin for someone of the account (anyone else: 404, as
 * requireExportablePerson says). Stores the request, records it in the trail in the same transaction, and
 * starts the job. Returns the request's id (its page is /personal-data/{id}).
 */
export async function requestPersonalDataExport(ctx: TenantContext, ip: string | null, personId: string | null) {
  const userId = await requireExportablePerson(ctx, personId);
  // The request and its job commit together (decision 1991): no request left waiting without a job.
  return transactionWithJob(personalDataExportQueue, async (tx, send) => {
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
    await send({ exportId: row.id });
    return row.id;
  });
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
 * A download: the file streamed from PostgreSQL in EXPORT_CHUNK_BYTES pieces (never read whole into memory),
 * recorded in the trail; `expired` when the link's time is up or its files are gone (the route answers 410). Not
 * ready yet: 404.
 */
export async function openPersonalDataExport(
  ctx: TenantContext,
  ip: string | null,
  id: string | undefined,
  format: string | undefined,
): Promise<{ expired: true; id: string } | { expired: false; body: ReadableStream; headers: HeadersInit }> {
  const row = await requireExport(ctx, id);
  const kind = personalDataExportFormats.find((f) => f === format);
  if (!kind) notFound();
  if (row.status !== "ready") notFound();
  if (row.expired) return { expired: true, id: row.id };
  const first = await fileChunk(ctx.accountId, row.id, kind, 0);
  if (!first) return { expired: true, id: row.id };
  await auditNow(ctx, ip, {
    action: "export.personalData",
    targetUserId: row.personId,
    subjectType: "user",
    subjectId: row.personId,
    data: { format: kind, export: row.id },
  });
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = sent === 0 ? first : await fileChunk(ctx.accountId, row.id, kind, sent);
      // Removed while it streamed (the cleanup, an erasure): the answer ends short, as a deleted file would.
      if (!chunk) return controller.error(new Error("personal-data export removed while it was downloaded"));
      if (chunk.bytes.length > 0) controller.enqueue(new Uint8Array(chunk.bytes));
      sent += chunk.bytes.length;
      if (sent >= first.size || chunk.bytes.length === 0) controller.close();
    },
  });
  return {
    expired: false,
    body,
    headers: {
      "Content-Type": contentTypes[kind],
      "Content-Length": String(first.size),
      "Content-Disposition": `attachment; filename="personal-data-${row.personId}.${kind}"`,
      "Cache-Control": "private, no-store",
    },
  };
}

/** `EXPORT_CHUNK_BYTES` of an export's file from `offset` on, with the file's size; undefined without the file. */
async function fileChunk(accountId: string, exportId: string, format: PersonalDataExportFormat, offset: number) {
  const [chunk] = await getDb()
    .select({
      size: sql<number>`octet_length(${personalDataExportFiles.content})`.mapWith(Number),
      bytes: sql<Buffer>`substring(${personalDataExportFiles.content} from ${offset + 1} for ${EXPORT_CHUNK_BYTES})`,
    })
    .from(personalDataExportFiles)
    .where(
      and(
        eq(personalDataExportFiles.exportId, exportId),
        eq(personalDataExportFiles.format, format),
        eq(personalDataExportFiles.accountId, accountId),
      ),
    );
  return chunk;
}

/** The JSON document put together section by section, never as one string of the whole export. */
function jsonFile(data: PersonalData): Buffer {
  const parts: Buffer[] = [];
  const write = (text: string) => parts.push(Buffer.from(text));
  const { tables, ...head } = data;
  write(`{\n  "format": ${JSON.stringify(head.format)},\n  "generatedAt": ${JSON.stringify(head.generatedAt)},`);
  write(`\n  "person": ${JSON.stringify(head.person)},\n  "account": ${JSON.stringify(head.account)},\n  "tables": {`);
  const names = Object.keys(tables);
  for (const [i, name] of names.entries()) {
    write(`\n    ${JSON.stringify(name)}: [`);
    for (const [j, row] of tables[name].entries()) write(`${j === 0 ? "" : ","}\n      ${JSON.stringify(row)}`);
    write(`${tables[name].length > 0 ? "\n    " : ""}]${i < names.length - 1 ? "," : ""}`);
  }
  write(`\n  },\n  "peerResults": ${JSON.stringify(head.peerResults)},`);
  write(`\n  "notExported": ${JSON.stringify(head.notExported)}\n}\n`);
  return Buffer.concat(parts);
}

/**
 * The job's work for one request (payload: its id). Runs as the requester in the cluster they asked from,
 * checking again that they may (an admin who lost the right meanwhile gets "failed"). The files are written in
 * the transaction that marks the request ready, so a crash leaves none behind and a run after it starts over; a
 * request erased or removed meanwhile gets none. Idempotent.
 */
export async function runPersonalDataExport(exportId: string): Promise<string> {
  const db = getDb();
  const [row] = await db
    .update(personalDataExports)
    .set({ status: "running", progress: 0 })
    .where(and(eq(personalDataExports.id, exportId), sql`${personalDataExports.status} in ('pending', 'running')`))
    .returning();
  if (!row) return "nothing to do";
  try {
    const actor = await actorContext(row.requestedBy, row.clusterId);
    if (!actor || actor.accountId !== row.accountId) return await failExport(exportId);
    try {
      await requireExportablePerson(actor, row.personId);
    } catch (error) {
      if (error instanceof Response) return await failExport(exportId);
      throw error;
    }
    let shown = 0;
    const data = await collectPersonalData(actor, row.personId, async (done, total) => {
      // Reading is most of the work; the files take the last tenth.
      const progress = Math.floor((done / total) * 90);
      if (progress - shown < 5) return;
      shown = progress;
      await db.update(personalDataExports).set({ progress }).where(eq(personalDataExports.id, exportId));
    });
    const files: Record<PersonalDataExportFormat, Buffer> = {
      json: jsonFile(data),
      xlsx: await writeXlsx(personalDataSheets(data)),
    };
    const emailId = await db.transaction(async (tx) => {
      const [ready] = await tx
        .update(personalDataExports)
        .set({
          status: "ready",
          progress: 100,
          finishedAt: sql`now()`,
          expiresAt: sql`now() + make_interval(days => ${EXPORT_LINK_DAYS})`,
        })
        .where(and(eq(personalDataExports.id, exportId), eq(personalDataExports.status, "running")))
        .returning({ id: personalDataExports.id });
      // Erased or removed while the job ran: no files for it.
      if (!ready) return undefined;
      await tx.insert(personalDataExportFiles).values(
        personalDataExportFormats.map((format) => ({
          exportId,
          accountId: row.accountId,
          clusterId: row.clusterId,
          format,
          content: files[format],
        })),
      );
      return readyMail(tx, row.accountId, row.requestedBy, exportId);
    });
    if (emailId === undefined) return "gone";
    if (emailId) await enqueueEmailDelivery(emailId);
    return "ready";
  } catch (error) {
    logger.error({ err: error, exportId }, "personal-data export failed");
    return failExport(exportId);
  }
}

async function failExport(exportId: string) {
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
 * EXPIRED_EXPORT_KEEP_DAYS later. Returns how many exports lost their files and how many rows went.
 */
export async function removeExpiredExports(): Promise<{ files: number; rows: number }> {
  const db = getDb();
  const expired = await db
    .delete(personalDataExportFiles)
    .where(sql`${personalDataExportFiles.exportId} in (select id from personal_data_exports where expires_at <= now())`)
    .returning({ exportId: personalDataExportFiles.exportId });
  const removed = await db
    .delete(personalDataExports)
    .where(sql`${personalDataExports.expiresAt} <= now() - make_interval(days => ${EXPIRED_EXPORT_KEEP_DAYS})`);
  return { files: new Set(expired.map((r) => r.exportId)).size, rows: removed.rowCount ?? 0 };
}

/**
 * Erasure (decision 1560): a person's pending and ready exports, and those they asked for, go with them, their
 * files too (a foreign key's cascade), in the erasure's transaction.
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
    .returning({ id: personalDataExports.id });
  return removed.length;
}
