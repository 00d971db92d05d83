import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SCORES_API_PAGE } from "~/features/api/schemas/competences";
import { listActualScores } from "~/features/competences/scores.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed, parseApiPaging } from "~/utils/api.server";

/** Spec §7 GET api/competences/actual-scores: the actual scores of the people the caller may score (1061), paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "competence_reviews.manage", "competences");
  const paging = parseApiPaging(new URL(request.url), {
    pageSize: SCORES_API_PAGE.fallback,
    maxPageSize: SCORES_API_PAGE.max,
  });
  return Response.json(await listActualScores(ctx, paging));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "competence_reviews.manage", "competences");
  return methodNotAllowed(["GET"]);
}
