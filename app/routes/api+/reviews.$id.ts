import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isPeerReviewId, peerReviewForApi } from "~/features/peer-reviews/peer-review-api.server";
import { reviewSaveSchema, ruleFailure } from "~/features/reviews/evaluation-api.server";
import { reviewForApi, saveReviewFromApi } from "~/features/reviews/evaluation-api.server";
import { isSelfReviewId, selfReviewForApi } from "~/features/reviews/self-review-api.server";
import { requireRightForApi, requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, jsonNotFound, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";
import { can } from "~/utils/tenant.server";

/**
 * GET /api/reviews/{id}: a team review with its criteria per dimension and member entries (reviews.manage,
 * team-review), a self review with its participants (selfReviews.manage, self-review; 0950), or a peer
 * round with its counts per participant (reviews.manage, peer-review; 1021).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUserForApi(request);
  const team = can(ctx, "reviews.manage") && ctx.modules.has("team-review");
  const self = can(ctx, "selfReviews.manage") && ctx.modules.has("self-review");
  const peer = can(ctx, "reviews.manage") && ctx.modules.has("peer-review");
  if (!team && !self && !peer) throw jsonError(403, "forbidden", "You may not do this.");
  const id = params.id ?? "";
  return answerJson(async () => {
    if (self && (await isSelfReviewId(ctx, id))) return Response.json(await selfReviewForApi(ctx, id));
    if (peer && (await isPeerReviewId(ctx, id))) return Response.json(await peerReviewForApi(ctx, id));
    if (!team) return jsonNotFound();
    return Response.json(await reviewForApi(ctx, id));
  });
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
