import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { criteriaTabs, parsePeriod } from "~/features/analytics/analytics";
import { requireRight } from "~/utils/tenant.server";

/** analytics/criteria (and the small-screen tab select, ?tab=) lead to a dimension's tab, keeping the period. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, "teams.manage");
  const params = new URL(request.url).searchParams;
  const tab = criteriaTabs.find((t) => t === params.get("tab")) ?? "performance";
  return redirect(`/analytics/criteria/${tab}?period=${parsePeriod(params.get("period"))}`);
}

export { default } from "~/components/redirect-route";
