import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRight } from "~/utils/tenant.server";
import { MergePage, mergeMeta } from "~/features/merge/merge-page";
import { mergeAction, mergeLoader, type MergeRoute } from "~/features/merge/merge-page.server";
import { teamMergePage } from "~/features/teams/components/team-confirmations";
import { getTeam, listTeamOptions, mergeTeams } from "~/features/teams/teams.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta = mergeMeta;

const page = teamMergePage;

const route: MergeRoute = {
  ...page,
  param: "id",
  item: "team",
  get: getTeam,
  list: listTeamOptions,
  merge: (ctx, { id, otherId, remainingId }, mode) =>
    mergeTeams(ctx, { teamId: id, otherTeamId: otherId, remainingTeamId: remainingId }, mode),
  backHref: (id) => `/personnel/teams/${id}/settings`,
  doneHref: (id) => `/personnel/teams/${id}/members`,
};

export async function loader(args: LoaderFunctionArgs) {
  return mergeLoader(await requireRight(args.request, "teams.manage"), args, route);
}
export async function action(args: ActionFunctionArgs) {
  return mergeAction(await requireRight(args.request, "teams.manage"), args, route);
}

export default function MergeTeamPage() {
  return <MergePage {...page} />;
}
