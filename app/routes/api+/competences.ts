import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { competenceFilterSchema } from "~/features/competences/competence-list-filter";
import { listCompetences } from "~/features/competences/competences.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";
import { parseListFilter } from "~/utils/list-filter";

/** Spec §7 GET api/competences: the cluster's competence book (?type=, ?archived=1, ?q=). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "competences.read", "competences");
  const filter = parseListFilter(competenceFilterSchema, new URL(request.url).searchParams);
  return Response.json({ competences: await listCompetences(ctx, filter) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "competences.read", "competences");
  return methodNotAllowed(["GET"]);
}
