import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { competenceOperations } from "~/features/api/schemas/competences";
import { listActualScores } from "~/features/competences/scores.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";
import { readApiQuery } from "~/utils/json-body.server";

/** Spec §7 GET api/competences/actual-scores: the actual scores of the people the caller may score (1061), paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "competence_reviews.manage", "competences");
  const paging = readApiQuery(request, competenceOperations.listActualScores.query);
  return Response.json(await listActualScores(ctx, paging));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "competence_reviews.manage", "competences");
  return methodNotAllowed(["GET"]);
}
