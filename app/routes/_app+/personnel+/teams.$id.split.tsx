import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRight } from "~/utils/tenant.server";
import { SplitPage, splitMeta } from "~/features/merge/split-page";
import { splitAction, splitLoader, type SplitRoute } from "~/features/merge/split-page.server";
import { teamSplitPage } from "~/features/teams/components/team-confirmations";
import { getTeam, listTeamPeople, splitTeam } from "~/features/teams/teams.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta = splitMeta;

const page = teamSplitPage;

const route: SplitRoute = {
  ...page,
  param: "id",
  item: "team",
  get: getTeam,
  people: listTeamPeople,
  split: splitTeam,
  backHref: (id) => `/personnel/teams/${id}/settings`,
  doneHref: (id) => `/personnel/teams/${id}/members`,
};

export async function loader(args: LoaderFunctionArgs) {
  return splitLoader(await requireRight(args.request, "teams.manage"), args, route);
}
export async function action(args: ActionFunctionArgs) {
  return splitAction(await requireRight(args.request, "teams.manage"), args, route);
}

export default function SplitTeamPage() {
  return <SplitPage {...page} />;
}
