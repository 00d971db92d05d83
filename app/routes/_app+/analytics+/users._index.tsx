import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { hrAnalyticsGuard, hrTabRights, hrTabs } from "~/features/analytics/analytics";
import { can, requireRight } from "~/utils/tenant.server";
import { loader as tabLoader } from "./users.$tab";

/**
 * analytics/users, the navigation's entry: the first tab the reader may open, shown here (the entry must answer
 * 200 for everyone who sees it; decision 1720). The small-screen tab select (?tab=) leads to a tab.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await requireRight(args.request, hrAnalyticsGuard);
  const wanted = new URL(args.request.url).searchParams.get("tab");
  if (wanted) return redirect(`/analytics/users/${hrTabs.find((t) => t === wanted) ?? hrTabs[0]}`);
  const tab = hrTabs.find((key) => can(ctx, hrTabRights[key]))!;
  return tabLoader({ ...args, params: { tab } });
}

export { default, handle, meta } from "./users.$tab";
