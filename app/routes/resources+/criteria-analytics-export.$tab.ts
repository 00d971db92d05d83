import type { LoaderFunctionArgs } from "@remix-run/node";
import { criteriaTabs } from "~/features/analytics/analytics";
import { criteriaFilter, criteriaSheets, criteriaTab } from "~/features/analytics/criteria-analytics.server";
import { exportFormat, tableFileResponse } from "~/features/analytics/table-export.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { isoDayIn } from "~/utils/format";
import { notFound } from "~/utils/not-found";
import { requireRight } from "~/utils/tenant.server";

/**
 * A criteria analytics tab as .xlsx or CSV (docs/decisions/1601, 1730): the page's right, teams, filters and
 * small-group suppression through the page's own service. Aggregates only, no names: not an audited export.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "analytics.read");
  const tab = criteriaTabs.find((t) => t === params.tab) ?? notFound();
  const url = new URL(request.url);
  const today = isoDayIn(new Date());
  const { t, texts } = await requestResultTexts(request, ctx);
  const state = await criteriaFilter(ctx, url.searchParams);
  const data = await criteriaTab(ctx, tab, state, today, t, texts.roles);
  const name = `${t("analytics:criteria.title")}-${t(`analytics:criteria.tabs.${tab}`)}-${today}`;
  return tableFileResponse(name, exportFormat(url.searchParams.get("format")), criteriaSheets(t, data));
}
