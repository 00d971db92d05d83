import type { ActionFunctionArgs } from "@remix-run/node";
import { reviewOperations } from "~/features/api/schemas/reviews";
import { ruleFailure, saveReviewFromApi } from "~/features/reviews/evaluation-api.server";
import { reviewApiAccess } from "~/features/reviews/review-api-access.server";
import { teamReviewEntryForApi } from "~/features/reviews/review-api.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/**
 * POST /api/reviews/update/{reviewId}/membership/{id}: saves one member's scores; {id} is the member
 * entry's id as GET /api/reviews/{id} gives it (docs/decisions/0521).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "reviews.manage", "team-review");
  if (request.method !== "POST" && request.method !== "PUT") return methodNotAllowed(["POST", "PUT"]);
  const reviewId = params.reviewId ?? "";
  const subjectId = params.id ?? "";
  return answerJson(async () => {
    // Scope first: an entry of another review (or tenant) is a 404, not a rule failure.
    const entry = () => teamReviewEntryForApi(ctx, reviewApiAccess(ctx), reviewId, { subjectId });
    await entry();
    const body = await readJsonBody(request, reviewOperations.updateReviewMembership.body);
    const result = await saveReviewFromApi(ctx, reviewId, {
      memberships: [{ id: subjectId, criteriaScores: body.criteriaScores, developmentGoal: body.developmentGoal }],
    });
    if (!result.ok) return ruleFailure(request, result);
    return Response.json(await entry());
  });
}

export async function loader() {
  return methodNotAllowed(["POST", "PUT"]);
}
