import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reviewSaveSchema, ruleFailure } from "~/features/reviews/evaluation-api.server";
import { reviewForApi, saveReviewFromApi } from "~/features/reviews/evaluation-api.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/** GET /api/reviews/{id}: a team review with its criteria per dimension and member entries. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "reviews.manage", "team-review");
  return answerJson(async () => Response.json(await reviewForApi(ctx, params.id ?? "")));
}

/** PUT /api/reviews/{id}: the evaluate save (isFinished, criteria, memberships); 422 with a message on a rule. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "reviews.manage", "team-review");
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const id = params.id ?? "";
  return answerJson(async () => {
    // A whole team's scores and goals: up to 1,000 entries, so more room than the default.
    const { isFinished, criteria, memberships } = await readJsonBody(request, reviewSaveSchema, {
      maxBytes: 1024 * 1024,
    });
    const result = await saveReviewFromApi(ctx, id, {
      isFinished: isFinished === 1 || isFinished === true,
      criteria,
      memberships: memberships?.map((m) => ({
        id: m.id,
        criteriaScores: m.criteriaScores,
        developmentGoal: m.developmentGoal,
      })),
    });
    if (!result.ok) return ruleFailure(request, result);
    return Response.json(await reviewForApi(ctx, id));
  });
}
