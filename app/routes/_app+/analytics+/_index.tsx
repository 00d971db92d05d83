import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { hrAnalyticsGuard } from "~/features/analytics/analytics";
import { requireRight } from "~/utils/tenant.server";

/** /analytics opens HR analytics (its first tab the reader may open; decision 1720). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, hrAnalyticsGuard);
  return redirect("/analytics/users");
}

export { default } from "~/components/redirect-route";
