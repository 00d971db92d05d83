import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SplitPage, splitMeta, type SplitPageConfig } from "~/features/merge/split-page";
import { splitAction, splitLoader, type SplitRoute } from "~/features/merge/split-page.server";
import { teamSplitSchema } from "~/features/teams/teams.schema";
import { getTeam, listTeamPeople, splitTeam } from "~/features/teams/teams.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta = splitMeta;

const page: SplitPageConfig = {
  ns: "teams",
  formId: "team-split",
  schema: teamSplitSchema,
  backLabel: "teams:backToTeam",
};

const route: SplitRoute = {
  ...page,
  right: "teams.manage",
  param: "id",
  get: getTeam,
  people: listTeamPeople,
  split: splitTeam,
  backHref: (id) => `/personnel/teams/${id}/settings`,
  doneHref: (id) => `/personnel/teams/${id}/members`,
};

export const loader = (args: LoaderFunctionArgs) => splitLoader(args, route);
export const action = (args: ActionFunctionArgs) => splitAction(args, route);

export default function SplitTeamPage() {
  return <SplitPage {...page} />;
}
