import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getPersonScores } from "~/features/competences/scores.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";

/**
 * Spec §7 GET api/competences/actual-scores/memberships/{id}: a person's actual level against the required
 * level per competence, with the gap and the history; a person the caller may not score is a 404 (1061).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "competence_reviews.manage", "competences");
  return answerJson(async () => Response.json(await getPersonScores(ctx, params.id ?? "")));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "competence_reviews.manage", "competences");
  return methodNotAllowed(["GET"]);
}
