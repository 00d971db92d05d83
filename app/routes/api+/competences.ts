import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { API_LIST_PAGE } from "~/features/api/operation";
import { competenceFilterSchema } from "~/features/competences/competence-list-filter";
import { listCompetenceSets } from "~/features/competences/competence-sets.server";
import { listCompetences } from "~/features/competences/competences.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed, pageOfList, parseApiPaging } from "~/utils/api.server";
import { parseListFilter } from "~/utils/list-filter";
import { can } from "~/utils/tenant.server";

/**
 * Spec §7 GET api/competences: the cluster's competence book (?type=, ?tag=, ?archived=1, ?q=), paged (1750),
 * and for who may keep them (competences.manage, as the sets page) the active competence sets (1754).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "competences.read", "competences");
  const url = new URL(request.url);
  const paging = parseApiPaging(url, { pageSize: API_LIST_PAGE.fallback, maxPageSize: API_LIST_PAGE.max });
  const filter = parseListFilter(competenceFilterSchema, url.searchParams);
  const { rows, ...page } = pageOfList(await listCompetences(ctx, filter), paging);
  const sets = can(ctx, "competences.manage") ? await listCompetenceSets(ctx, { archived: false }) : undefined;
  return Response.json({ competences: rows, ...page, sets });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "competences.read", "competences");
  return methodNotAllowed(["GET"]);
}
