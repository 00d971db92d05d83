import type { LoaderFunctionArgs } from "@remix-run/node";
import { hrTabRights, hrTabs } from "~/features/analytics/analytics";
import { hrTabData, hrTabSheets } from "~/features/analytics/hr-analytics.server";
import { exportFormat, tableFileResponse } from "~/features/analytics/table-export.server";
import { inDisplayOrder } from "~/features/reviews/results";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { isoDayIn } from "~/utils/format";
import { notFound } from "~/utils/not-found";
import { requireRight } from "~/utils/tenant.server";

/**
 * An HR analytics tab as .xlsx or CSV (the tab's export links; docs/decisions/1601, 1602, 1961): the page's
 * right, team scope, filters and small-group suppression, through the page's own services. Counts only, no names
 * (also the workforce tab: its ending contracts are counted, not named): not an audited export.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const tab = hrTabs.find((t) => t === params.tab);
  const ctx = await requireRight(request, tab ? hrTabRights[tab] : "analytics.read");
  if (!tab) notFound();
  const url = new URL(request.url);
  const today = isoDayIn(new Date());
  const { t, texts } = await requestResultTexts(request, ctx);
  const data = await hrTabData(ctx, tab, url, today);
  const roles = [
    ...inDisplayOrder(texts.roles).map((r) => ({ key: String(r.id), label: r.label })),
    { key: "none", label: t("results:noRole") },
  ];
  const name = `${t(`analytics:hr.tabs.${tab}`)}-${today}`;
  return tableFileResponse(name, exportFormat(url.searchParams.get("format")), hrTabSheets(t, data, roles));
}
