import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditNow } from "~/features/audit/audit.server";
import { exportFormat, tableFileResponse } from "~/features/analytics/table-export.server";
import { horizonDate, parseHorizon, PLANNING_EXPORT_MAX_ROWS } from "~/features/planning/planning";
import { planningFileRows } from "~/features/planning/planning-file";
import { parsePlanningFilter, planningTable } from "~/features/planning/planning.server";
import { formatDate, isoDayIn } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
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
  const format = exportFormat(params.get("format"));
  // The page's filter, read the same way: a value that is not the viewer's choice falls back to all.
  const { filter } = await parsePlanningFilter(ctx, request);
  const today = isoDayIn(new Date());
  const { rows, totals, teamCompetence } = await planningTable(ctx, {
    horizon,
    today,
    filter,
    limit: PLANNING_EXPORT_MAX_ROWS,
    offset: 0,
  });
  const truncated = totals.rows > rows.length;
  const t = await getServerT(request);
  const table = planningFileRows(t, rows, teamCompetence !== null);
  if (truncated) table.push([t("planning:export.truncated", { count: rows.length })]);
  await auditNow(ctx, context.clientIp, {
    action: "export.planning",
    data: { horizon, rows: rows.length, format },
  });
  const name = `${t("planning:export.fileName")}-${horizonDate(horizon, today)}`;
  const sheet = `${t(`planning:horizons.${horizon}`)} ${formatDate(horizonDate(horizon, today))}`;
  return tableFileResponse(name, format, [{ name: sheet, rows: table }]);
}
