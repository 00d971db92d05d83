import type { ActionFunctionArgs } from "@remix-run/node";
import {
  answerJson,
  badRequest,
  memberScoresSchema,
  readJson,
  requireRightForReviewsApi,
  ruleFailure,
} from "~/features/reviews/evaluation-api.server";
import { memberEntryForApi, saveReviewFromApi } from "~/features/reviews/evaluation.server";

/**
 * POST /api/reviews/update/{reviewId}/membership/{id}: saves one member's scores; {id} is the member
 * entry's id as GET /api/reviews/{id} gives it (docs/decisions/0521).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForReviewsApi(request);
  if (request.method !== "POST" && request.method !== "PUT")
    return Response.json({ error: "method not allowed" }, { status: 405 });
  return answerJson(async () => {
    const reviewId = params.reviewId ?? "";
    const subjectId = params.id ?? "";
    const body = memberScoresSchema.safeParse(await readJson(request));
    if (!body.success) return badRequest(body.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    // Scope first: an entry of another review (or tenant) is a 404, not a rule failure.
    await memberEntryForApi(ctx, reviewId, subjectId);
    const result = await saveReviewFromApi(ctx, reviewId, {
      memberships: [
        { id: subjectId, criteriaScores: body.data.criteriaScores, developmentGoal: body.data.developmentGoal },
      ],
    });
    if (!result.ok) return ruleFailure(request, result);
    return Response.json(await memberEntryForApi(ctx, reviewId, subjectId));
  });
}

export async function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405 });
}
