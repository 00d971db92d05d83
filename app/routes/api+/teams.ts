import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { teamOperations } from "~/features/api/schemas/teams";
import { goalsOfTeams } from "~/features/teams/team-api.server";
import { listTeams } from "~/features/teams/teams.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";
import { readApiQuery } from "~/utils/json-body.server";

/**
 * Spec §7 GET /api/teams: the cluster's teams with members, leaders and FTE, as the teams page lists them
 * (?page, 50 a page; ?q filters by name), each with its goals and ambitions (1753); teams.manage like the
 * page (docs/decisions/1410).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "teams.manage");
  const { page, pageSize, q } = readApiQuery(request, teamOperations.listTeams.query);
  const { teams, total } = await listTeams(ctx, { page, pageSize, q });
  const goals = await goalsOfTeams(
    ctx,
    teams.map((t) => t.id),
  );
  return Response.json({
    teams: teams.map(({ own: _own, clusterName: _cluster, ...team }) => ({ ...team, ...goals.get(team.id)! })),
    total,
    page,
    pageSize,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "teams.manage");
  return methodNotAllowed(["GET"]);
}
