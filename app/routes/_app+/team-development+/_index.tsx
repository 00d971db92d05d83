import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/tenant.server";

/** team-development without a step starts at the first step, keeping the chosen team. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect(`/team-development/goals${new URL(request.url).search}`);
}

export { default } from "~/components/redirect-route";
