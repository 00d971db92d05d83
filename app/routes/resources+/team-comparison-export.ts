import type { LoaderFunctionArgs } from "@remix-run/node";
import { comparisonSheets, teamComparison } from "~/features/analytics/team-comparison.server";
import { exportFormat, tableFileResponse } from "~/features/analytics/table-export.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { isoDayIn } from "~/utils/format";
import { notFound } from "~/utils/not-found";
import { can, requireRight } from "~/utils/tenant.server";

/**
 * The team comparison as .xlsx or CSV (docs/decisions/1601, 1731): the page's rights (teams.manage, and
 * analytics.read to compare), its chosen teams and its small-group suppression. Aggregates only, no names.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  if (!can(ctx, "analytics.read")) notFound();
  const url = new URL(request.url);
  const { t, texts } = await requestResultTexts(request, ctx);
  const { teams } = await teamComparison(ctx, url.searchParams);
  const name = `${t("analytics:comparison.title")}-${isoDayIn(new Date())}`;
  return tableFileResponse(
    name,
    exportFormat(url.searchParams.get("format")),
    comparisonSheets({ t, dimensions: texts.dimensions, roles: texts.roles }, teams),
  );
}
