import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { importColumnMappings, importFiles, importRows, imports, users } from "#db/schema";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { inCluster, type Tenant } from "~/utils/scope.server";
import { compareStage } from "./import-compare-stage.server";
import { proposeMapping } from "./import-fields";
import { readImportFile, type ParsedRow } from "./import-file.server";
import { ImportFileError } from "./import-file-error";

export const personnelImportQueue = "personnel-import";
/** pg-boss runs a failed job this many times again (jobs/definitions/personnel-import.ts). */
export const personnelImportRetryLimit = 3;

/**
 * The job's work for one import (payload: its id only). It does what the import's status asks:
 * `parsing` reads the file into rows, `comparing` compares the mapped rows with the cluster. Each
 * stage starts by removing what an earlier, interrupted run of it wrote, so a retried job ends the same.
 */
export async function runPersonnelImport(importId: string): Promise<string> {
  const db = getDb();
  const [row] = await db
    .select({ id: imports.id, accountId: imports.accountId, clusterId: imports.clusterId, status: imports.status })
    .from(imports)
    .where(eq(imports.id, importId));
  if (!row) return "gone";
  const tenant: Tenant = { accountId: row.accountId, clusterId: row.clusterId };
  if (row.status === "parsing") {
    await parseStage(tenant, importId);
    return "parsed";
  }
  if (row.status === "comparing") {
    await compareStage(tenant, importId);
    return "compared";
  }
  return "nothing to do";
}

/**
 * Reads the file into rows (docs/decisions/1450). The run first marks the import as being parsed and
 * counts the attempt; a run that finds the mark of an earlier one knows that run's worker died while
 * parsing (heap limit, SIGKILL) and fails the import at once, so one file interrupts the other jobs at
 * most once. Every way a parse ends unfinished ends in "failed" with a message and an e-mail: the file's
 * own errors at once, anything else (the database, say) on pg-boss's last try.
 */
async function parseStage(tenant: Tenant, importId: string) {
  const db = getDb();
  const begun = await db.execute<{ attempts: number; interrupted: boolean }>(sql`
    update imports i set parse_attempts = i.parse_attempts + 1, parse_running = true
      from (select id, parse_running from imports
             where id = ${importId} and status = 'parsing'
               and exists (select 1 from import_files f where f.import_id = imports.id)
               for update) before
     where i.id = before.id
     returning i.parse_attempts as attempts, before.parse_running as interrupted`);
  const run = begun.rows[0];
  if (!run) return;
  if (run.interrupted) return failParse(tenant, importId, "import:errors.interrupted");
  const [source] = await db
    .select({ data: importFiles.data, fileType: imports.fileType, sheet: imports.sheet })
    .from(importFiles)
    .innerJoin(imports, eq(imports.id, importFiles.importId))
    .where(and(eq(importFiles.importId, importId), inCluster(imports, tenant)));
  if (!source) return;
  await db.delete(importRows).where(eq(importRows.importId, importId));
  await db.update(imports).set({ rowsTotal: 0, rowsDone: 0 }).where(eq(imports.id, importId));
  // The rows are stored per 5,000 while the file is read (one statement each, the rows as one JSON
  // parameter, 1243), so the worker holds a batch or two, never the whole file's rows; then the progress.
  let done = 0;
  const store = async (batch: ParsedRow[]) => {
    await db.execute(sql`
      insert into import_rows (import_id, account_id, cluster_id, row_number, values)
      select ${importId}, ${tenant.accountId}, ${tenant.clusterId}, x.row_number, x.values
      from jsonb_to_recordset(${JSON.stringify(batch.map((r) => ({ row_number: r.rowNumber, values: r.values })))}::jsonb)
        as x(row_number int, values jsonb)`);
    done += batch.length;
    await db.update(imports).set({ rowsDone: done }).where(eq(imports.id, importId));
  };
  let parsed;
  try {
    parsed = await readImportFile(source.data, source.fileType, source.sheet, store);
  } catch (error) {
    if (error instanceof ImportFileError) return failParse(tenant, importId, error.key, error.values);
    if (run.attempts > personnelImportRetryLimit) return failParse(tenant, importId, "import:errors.readFailed");
    // Ended, not died: the retry reads the file again instead of taking this run for a crash.
    await db
      .update(imports)
      .set({ parseRunning: false })
      .where(eq(imports.id, importId))
      .catch(() => undefined);
    throw error;
  }
  const remembered = await db
    .select({ header: importColumnMappings.header, field: importColumnMappings.field })
    .from(importColumnMappings)
    .where(inCluster(importColumnMappings, tenant));
  const mapping = proposeMapping(parsed.headers, new Map(remembered.map((r) => [r.header, r.field])));
  await db
    .update(imports)
    .set({
      status: "columns",
      mapping,
      rowsTotal: parsed.rowCount,
      rowsDone: parsed.rowCount,
      sheetNames: parsed.sheetNames,
      headers: parsed.headers,
      parseRunning: false,
    })
    .where(and(eq(imports.id, importId), eq(imports.status, "parsing")));
}

/**
 * Ends a parse in "failed" with the message (its key and values) and, once (the status changes in the same
 * transaction), queues an e-mail to whoever uploaded the file, in their language, linking to the import.
 */
async function failParse(
  tenant: Tenant,
  importId: string,
  errorKey: string,
  errorValues: Record<string, string | number> = {},
) {
  const emailId = await getDb().transaction(async (tx) => {
    await tx.delete(importRows).where(eq(importRows.importId, importId));
    const [failed] = await tx
      .update(imports)
      .set({ status: "failed", errorKey, errorValues, parseRunning: false, finishedAt: new Date() })
      .where(and(eq(imports.id, importId), inCluster(imports, tenant), eq(imports.status, "parsing")))
      .returning({ createdBy: imports.createdBy, fileName: imports.fileName });
    if (!failed?.createdBy) return null;
    const [importer] = await tx
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(users.id, failed.createdBy), isNull(users.deletedAt)));
    if (!importer) return null;
    return queueEmail(tx, {
      accountId: tenant.accountId,
      to: importer.email,
      template: "import-failed",
      locale: importer.language,
      props: { firstName: importer.firstName, fileName: failed.fileName, path: `/import/excel/${importId}` },
    });
  });
  if (emailId) await enqueueEmailDelivery(emailId);
}
