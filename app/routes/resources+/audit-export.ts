import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditNow } from "~/features/audit/audit.server";
import { auditFileColumns, auditFileRows, toCsv } from "~/features/audit/audit-file.server";
import { auditListFilterSchema } from "~/features/audit/audit-list-filter";
import { listAuditEventsForExport } from "~/features/audit/audit-list.server";
import { writeXlsx } from "~/features/reviews/xlsx.server";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { requireRight } from "~/utils/tenant.server";

/**
 * The audit trail as .xlsx or CSV (account/audit's export links): the viewer's right and filters, every row
 * rather than one page (at most AUDIT_EXPORT_MAX_ROWS). Text cells cannot start a formula. The export is
 * itself recorded.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const filter = parseRequestFilter(auditListFilterSchema, request);
  const csv = new URL(request.url).searchParams.get("format") === "csv";
  const { rows, truncated } = await listAuditEventsForExport(ctx, filter);
  const t = await getServerT(request);
  const table = [auditFileColumns(t), ...auditFileRows(rows)];
  if (truncated) table.push([t("audit:export.truncated", { count: rows.length })]);
  await auditNow(ctx, context.clientIp, {
    action: "export.audit",
    data: { rows: rows.length, format: csv ? "csv" : "xlsx" },
  });
  const name = t("audit:export.fileName");
  const headers = (type: string, ext: string) => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="audit.${ext}"; filename*=UTF-8''${encodeURIComponent(`${name}.${ext}`)}`,
    "Cache-Control": "private, no-store",
  });
  if (csv) return new Response(toCsv(table), { headers: headers("text/csv; charset=utf-8", "csv") });
  const file = await writeXlsx([{ name: t("audit:title"), rows: table }]);
  return new Response(new Uint8Array(file), {
    headers: headers("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
  });
}
