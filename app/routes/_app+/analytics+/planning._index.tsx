import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { parseHorizon } from "~/features/planning/planning";
import { requireRight } from "~/utils/tenant.server";

/** analytics/planning (and the small-screen tab select, ?tab=) lead to a horizon, keeping the filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, "analytics.read");
  const params = new URL(request.url).searchParams;
  const horizon = parseHorizon(params.get("tab")) ?? "current";
  params.delete("tab");
  const query = params.toString();
  return redirect(`/analytics/planning/${horizon}${query ? `?${query}` : ""}`);
}

export { default } from "~/components/redirect-route";
