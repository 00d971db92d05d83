import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditNow } from "~/features/audit/audit.server";
import { toCsv } from "~/features/audit/audit-file.server";
import { horizonDate, parseHorizon, PLANNING_EXPORT_MAX_ROWS } from "~/features/planning/planning";
import { planningFileRows } from "~/features/planning/planning-file";
import { planningFilterSchema } from "~/features/planning/planning.schema";
import { planningTable } from "~/features/planning/planning.server";
import { writeXlsx } from "~/features/reviews/xlsx.server";
import { formatDate, isoDayIn } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { requireRight } from "~/utils/tenant.server";

/**
 * The planning table as .xlsx or CSV (the page's export links, decision 1550): the viewer's right, team scope,
 * horizon and filters, every row rather than one page. Text cells cannot start a formula (the shared writers).
 * Leavers' names are personal data: the export is recorded.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "analytics.read");
  const params = new URL(request.url).searchParams;
  const horizon = parseHorizon(params.get("horizon")) ?? "current";
  const csv = params.get("format") === "csv";
  const filter = parseRequestFilter(planningFilterSchema, request);
  const today = isoDayIn(new Date());
  const { rows, totals } = await planningTable(ctx, {
    horizon,
    today,
    filter,
    limit: PLANNING_EXPORT_MAX_ROWS,
    offset: 0,
  });
  const truncated = totals.rows > rows.length;
  const t = await getServerT(request);
  const table = planningFileRows(t, rows);
  if (truncated) table.push([t("planning:export.truncated", { count: rows.length })]);
  await auditNow(ctx, context.clientIp, {
    action: "export.planning",
    data: { horizon, rows: rows.length, format: csv ? "csv" : "xlsx" },
  });
  const name = `${t("planning:export.fileName")}-${horizonDate(horizon, today)}`;
  const headers = (type: string, ext: string) => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="planning.${ext}"; filename*=UTF-8''${encodeURIComponent(`${name}.${ext}`)}`,
    "Cache-Control": "private, no-store",
  });
  if (csv) return new Response(toCsv(table), { headers: headers("text/csv; charset=utf-8", "csv") });
  const sheet = `${t(`planning:horizons.${horizon}`)} ${formatDate(horizonDate(horizon, today))}`;
  const file = await writeXlsx([{ name: sheet, rows: table }]);
  return new Response(new Uint8Array(file), {
    headers: headers("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
  });
}
