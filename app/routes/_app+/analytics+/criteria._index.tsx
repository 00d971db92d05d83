import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { criteriaTabs } from "~/features/analytics/analytics";
import { requireRight } from "~/utils/tenant.server";

/** analytics/criteria (and the small-screen tab select, ?tab=) lead to a tab, keeping the filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, "analytics.read");
  const params = new URL(request.url).searchParams;
  const tab = criteriaTabs.find((t) => t === params.get("tab")) ?? "distribution";
  params.delete("tab");
  const query = params.toString();
  return redirect(`/analytics/criteria/${tab}${query ? `?${query}` : ""}`);
}

export { default } from "~/components/redirect-route";
