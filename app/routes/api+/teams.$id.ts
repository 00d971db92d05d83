import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getTeam, listTeamPlaces } from "~/features/teams/teams.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { requireUuid } from "~/utils/not-found";

/** Spec §7 GET /api/teams/{id}: the team with its leaders and members; another cluster's team is a 404 (1410). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "teams.manage");
  return answerJson(async () => {
    const team = await getTeam(ctx, requireUuid(params.id));
    const leaders = await listTeamPlaces(ctx, team.id, "team_admin");
    const members = await listTeamPlaces(ctx, team.id, "team_member");
    return Response.json({ team: { ...team, leaders, members } });
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "teams.manage");
  return methodNotAllowed(["GET"]);
}
