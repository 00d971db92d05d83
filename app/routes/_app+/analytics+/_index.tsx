import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRight } from "~/utils/tenant.server";

/** /analytics opens HR analytics. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, "teams.manage");
  return redirect("/analytics/users/workforce");
}

export { default } from "~/components/redirect-route";
