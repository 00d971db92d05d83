import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { mayChangeRolesOf } from "~/features/people/actor-may.server";
import { TeamPlacesTab } from "~/features/teams/components/team-places-tab";
import { teamPlaceSchema } from "~/features/teams/teams.schema";
import {
  addTeamPlace,
  getTeam,
  listTeamPlaces,
  removeTeamPlace,
  searchCandidates,
  type TeamPlaceRole,
} from "~/features/teams/teams.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound, requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

/*
 * The members and leaders tabs: one page for both places of a team. goalsAndAmbitions and settings have
 * routes of their own, so any other tab name is a 404 (after the guard).
 */

export const handle = { i18n: ["teams", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const placeTabs = { members: "team_member", leaders: "team_admin" } as const satisfies Record<string, TeamPlaceRole>;
type PlaceTab = keyof typeof placeTabs;

function parsePlaceTab(value: string | undefined): PlaceTab {
  if (value !== "members" && value !== "leaders") notFound();
  return value;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const tab = parsePlaceTab(params.tab);
  const team = await getTeam(ctx, requireUuid(params.id));
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const role = placeTabs[tab];
  return {
    title: detailPageTitle(await getServerT(request), team.name, `teams:tabs.${tab}`),
    tab,
    teamId: team.id,
    q,
    places: await listTeamPlaces(ctx, team.id, role),
    candidates: await searchCandidates(ctx, team.id, role, q),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const tab = parsePlaceTab(params.tab);
  const teamId = requireUuid(params.id);
  const role = placeTabs[tab];
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: teamPlaceSchema });
  if (submission.status !== "success") notFound();
  const intent = String(formData.get("intent") ?? "");
  const here = `/personnel/teams/${teamId}/${tab}`;
  const { membershipId } = submission.value;
  // Team places are roles: the one role rule decides (team_roles.manage for leaders, docs/decisions/0620).
  const may = await mayChangeRolesOf(ctx, membershipId, [role]);
  if (!may.ok) return redirectWithToast(here, { type: "error", key: "teams:places.notAllowed" });
  switch (intent) {
    case "add":
      await writeOrRedirect("assign", "team", request, () => addTeamPlace(ctx, teamId, membershipId, role));
      return redirectWithToast(here, { key: "teams:places.added" });
    case "remove":
      await writeOrRedirect("assign", "team", request, () => removeTeamPlace(ctx, teamId, membershipId, role));
      return redirectWithToast(here, { key: "teams:places.removed" });
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

export default function TeamPlacesRoute() {
  const { tab, teamId, q, places, candidates } = useLoaderData<typeof loader>();
  return <TeamPlacesTab tab={tab} teamId={teamId} q={q} places={places} candidates={candidates} />;
}
