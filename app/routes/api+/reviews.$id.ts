import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reviewOperations } from "~/features/api/schemas/reviews";
import { ruleFailure, saveReviewFromApi } from "~/features/reviews/evaluation-api.server";
import { mayUseReviewsApi, reviewApiAccess } from "~/features/reviews/review-api-access.server";
import { reviewDetailForApi } from "~/features/reviews/review-api.server";
import { requireRightForApi, requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/**
 * GET /api/reviews/{id}: any review of GET api/reviews — a round, team, self or peer review — with its
 * member entries, criteria per dimension, summary and linked team goals (docs/decisions/1660); 404 for
 * any other id, 403 without any review right.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUserForApi(request);
  const access = reviewApiAccess(ctx);
  if (!mayUseReviewsApi(access)) throw jsonError(403, "forbidden", "You may not do this.");
  return answerJson(async () => Response.json(await reviewDetailForApi(ctx, access, params.id ?? "")));
}

/** PUT /api/reviews/{id}: the evaluate save of a team review (isFinished, criteria, memberships); 422 with a message on a rule. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "reviews.manage", "team-review");
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const id = params.id ?? "";
  return answerJson(async () => {
    // A whole team's scores and goals: up to 1,000 entries, so more room than the default.
    const { isFinished, criteria, memberships } = await readJsonBody(request, reviewOperations.saveReview.body, {
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
    return Response.json(await reviewDetailForApi(ctx, reviewApiAccess(ctx), id));
  });
}
