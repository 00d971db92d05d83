import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { hrTabs } from "~/features/analytics/analytics";
import { requireRight } from "~/utils/tenant.server";

/** analytics/users (and the small-screen tab select, ?tab=) lead to a tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, "teams.manage");
  const tab = new URL(request.url).searchParams.get("tab");
  return redirect(`/analytics/users/${hrTabs.find((t) => t === tab) ?? "workforce"}`);
}

export { default } from "~/components/redirect-route";
