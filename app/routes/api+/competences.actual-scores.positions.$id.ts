import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { competenceOperations } from "~/features/api/schemas/competences";
import { getPositionScores } from "~/features/competences/scores.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readApiQuery } from "~/utils/json-body.server";

/**
 * Spec §7 GET api/competences/actual-scores/positions/{id}: every holder of the position the caller may
 * score against what the position requires (own and inherited levels), paged (1750); a foreign position is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "competence_reviews.manage", "competences");
  const paging = readApiQuery(request, competenceOperations.getPositionScores.query);
  return answerJson(async () =>
    Response.json({ ...(await getPositionScores(ctx, params.id ?? "", paging)), ...paging }),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "competence_reviews.manage", "competences");
  return methodNotAllowed(["GET"]);
}
