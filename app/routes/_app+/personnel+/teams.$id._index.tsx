import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getTeam } from "~/features/teams/teams.server";
import { requireUuid } from "~/utils/not-found";
import { requireRight } from "~/utils/tenant.server";

/** Spec §2: personnel/teams/{id} opens the tab goalsAndAmbitions. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const team = await getTeam(ctx, requireUuid(params.id));
  return redirect(`/personnel/teams/${team.id}/goalsAndAmbitions`);
}

export { default } from "~/components/redirect-route";
