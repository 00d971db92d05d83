import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { importColumnMappings, importFiles, importRows, imports } from "#db/schema";
import { inCluster, type Tenant } from "~/utils/scope.server";
import { compareStage } from "./import-compare-stage.server";
import { proposeMapping } from "./import-fields";
import { ImportFileError, readImportFile, type ParsedRow } from "./import-file.server";

export const personnelImportQueue = "personnel-import";

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

async function parseStage(tenant: Tenant, importId: string) {
  const db = getDb();
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
    if (!(error instanceof ImportFileError)) throw error;
    await db.delete(importRows).where(eq(importRows.importId, importId));
    await db
      .update(imports)
      .set({ status: "failed", errorKey: error.key, finishedAt: new Date() })
      .where(and(eq(imports.id, importId), inCluster(imports, tenant)));
    return;
  }
  await db
    .update(imports)
    .set({
      rowsTotal: parsed.rowCount,
      rowsDone: parsed.rowCount,
      sheetNames: parsed.sheetNames,
      headers: parsed.headers,
    })
    .where(eq(imports.id, importId));
  const remembered = await db
    .select({ header: importColumnMappings.header, field: importColumnMappings.field })
    .from(importColumnMappings)
    .where(inCluster(importColumnMappings, tenant));
  const mapping = proposeMapping(parsed.headers, new Map(remembered.map((r) => [r.header, r.field])));
  await db
    .update(imports)
    .set({ status: "columns", mapping })
    .where(and(eq(imports.id, importId), eq(imports.status, "parsing")));
}
