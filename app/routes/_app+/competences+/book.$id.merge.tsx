import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { competenceMergePage } from "~/features/competences/components/competence-merge";
import { getCompetence, listCompetenceOptions, mergeCompetences } from "~/features/competences/competences.server";
import { MergePage, mergeMeta } from "~/features/merge/merge-page";
import { mergeAction, mergeLoader, type MergeRoute } from "~/features/merge/merge-page.server";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta = mergeMeta;

const page = competenceMergePage;

/** Merging two competences of the book (docs/decisions/1302), like positions and teams (0760). */
const route: MergeRoute = {
  ...page,
  param: "id",
  item: "competence",
  get: getCompetence,
  list: listCompetenceOptions,
  merge: (ctx, { id, otherId, remainingId }, mode) => mergeCompetences(ctx, { id, otherId, remainingId }, mode),
  backHref: (id) => `/competences/book/edit?id=${id}`,
  doneHref: (id) => `/competences/book/edit?id=${id}`,
};

export async function loader(args: LoaderFunctionArgs) {
  return mergeLoader(await requireModule(args.request, "competences", "competences.manage"), args, route);
}
export async function action(args: ActionFunctionArgs) {
  return mergeAction(await requireModule(args.request, "competences", "competences.manage"), args, route);
}

export default function MergeCompetencePage() {
  return <MergePage {...page} />;
}
