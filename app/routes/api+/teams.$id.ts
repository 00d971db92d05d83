import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { goalsOfTeams } from "~/features/teams/team-api.server";
import { getTeam, listTeamPlaces } from "~/features/teams/teams.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { requireUuid } from "~/utils/not-found";

/**
 * Spec §7 GET /api/teams/{id}: the team with its leaders, members, goals and ambitions (1753); another
 * cluster's team is a 404 (1410).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "teams.manage");
  return answerJson(async () => {
    const team = await getTeam(ctx, requireUuid(params.id));
    const leaders = await listTeamPlaces(ctx, team.id, "team_admin");
    const members = await listTeamPlaces(ctx, team.id, "team_member");
    const goals = (await goalsOfTeams(ctx, [team.id])).get(team.id)!;
    return Response.json({ team: { ...team, leaders, members, ...goals } });
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "teams.manage");
  return methodNotAllowed(["GET"]);
}
