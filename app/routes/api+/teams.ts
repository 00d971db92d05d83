import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listTeams } from "~/features/teams/teams.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed, parseApiPaging } from "~/utils/api.server";

/**
 * Spec §7 GET /api/teams: the cluster's teams with members, leaders and FTE, as the teams page lists them
 * (?page, 50 a page; ?q filters by name); teams.manage like the page (docs/decisions/1410).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "teams.manage");
  const url = new URL(request.url);
  const { page } = parseApiPaging(url, { pageSize: 50, maxPageSize: 50 });
  const { teams, total } = await listTeams(ctx, { page, q: url.searchParams.get("q") ?? undefined });
  return Response.json({ teams: teams.map(({ own: _own, clusterName: _cluster, ...team }) => team), total, page });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "teams.manage");
  return methodNotAllowed(["GET"]);
}
