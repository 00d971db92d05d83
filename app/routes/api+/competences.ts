import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { API_LIST_PAGE } from "~/features/api/operation";
import { competenceFilterSchema } from "~/features/competences/competence-list-filter";
import { listCompetences } from "~/features/competences/competences.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed, pageOfList, parseApiPaging } from "~/utils/api.server";
import { parseListFilter } from "~/utils/list-filter";

/** Spec §7 GET api/competences: the cluster's competence book (?type=, ?tag=, ?archived=1, ?q=), paged (1750). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "competences.read", "competences");
  const url = new URL(request.url);
  const paging = parseApiPaging(url, { pageSize: API_LIST_PAGE.fallback, maxPageSize: API_LIST_PAGE.max });
  const filter = parseListFilter(competenceFilterSchema, url.searchParams);
  const { rows, ...page } = pageOfList(await listCompetences(ctx, filter), paging);
  return Response.json({ competences: rows, ...page });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "competences.read", "competences");
  return methodNotAllowed(["GET"]);
}
