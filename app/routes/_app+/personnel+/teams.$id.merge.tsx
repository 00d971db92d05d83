import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRight } from "~/utils/tenant.server";
import { MergePage, mergeMeta, type MergePageConfig } from "~/features/merge/merge-page";
import { mergeAction, mergeLoader, type MergeRoute } from "~/features/merge/merge-page.server";
import { teamMergeSchema } from "~/features/teams/teams.schema";
import { getTeam, listTeamOptions, mergeTeams } from "~/features/teams/teams.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta = mergeMeta;

const page: MergePageConfig = {
  ns: "teams",
  formId: "team-merge",
  schema: teamMergeSchema,
  otherField: "otherTeamId",
  backLabel: "teams:backToTeam",
};

const route: MergeRoute = {
  ...page,
  param: "id",
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
