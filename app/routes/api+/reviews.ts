import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reviewOperations } from "~/features/api/schemas/reviews";
import { createPeerReviewFromApi } from "~/features/peer-reviews/peer-review-api.server";
import { createSelfReviewFromApi } from "~/features/reviews/self-review-api.server";
import { createTeamReviewFromApi } from "~/features/reviews/team-review-api.server";
import { deleteReviewsForApi } from "~/features/reviews/review-api-delete.server";
import { mayUseReviewsApi, reviewApiAccess } from "~/features/reviews/review-api-access.server";
import { listReviewsForApi } from "~/features/reviews/review-api.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed } from "~/utils/api.server";
import { readApiQuery, readJsonBody } from "~/utils/json-body.server";
import type { ModuleKey } from "~/utils/modules";
import { can } from "~/utils/tenant.server";

/** The review types ctx may use through the API; 403 without any (docs/decisions/1660). */
async function requireReviewsApi(request: Request) {
  const ctx = await requireUserForApi(request);
  const access = reviewApiAccess(ctx);
  if (!mayUseReviewsApi(access)) throw forbidden();
  return { ctx, access };
}

const forbidden = () => jsonError(403, "forbidden", "You may not do this.");

/**
 * GET api/reviews (spec §3, §7): one paged list of every review ctx may open — rounds (team-summary),
 * team, self and peer reviews — newest first (docs/decisions/1660).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, access } = await requireReviewsApi(request);
  const paging = readApiQuery(request, reviewOperations.listReviews.query);
  return Response.json(await listReviewsForApi(ctx, access, paging));
}

/**
 * POST api/reviews creates a self review (no type, or type self: docs/decisions/0950, 1660), a peer round
 * (type peer, 1204) or a team review round (type team);
 * DELETE /api/reviews deletes rounds, self reviews and peer rounds (docs/decisions/1762).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireReviewsApi(request);
  if (request.method === "DELETE") {
    const body = await readJsonBody(request, reviewOperations.deleteReviews.body);
    return answerJson(async () => {
      const answer = await deleteReviewsForApi(ctx, body.reviews);
      return answer.ok ? Response.json({ deleted: answer.deleted }) : forbidden();
    });
  }
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST", "DELETE"]);

  // Creating needs the right of the page that creates: teamReviews.manage for a round.
  const may = (right: "teamReviews.manage" | "selfReviews.manage" | "reviews.manage", module: ModuleKey) =>
    can(ctx, right) && ctx.modules.has(module);
  const body = await readJsonBody(request, reviewOperations.createReview.body);
  if (body.type === "self") {
    if (!may("selfReviews.manage", "self-review")) return forbidden();
    return answerJson(() => createSelfReviewFromApi(request, ctx, body));
  }
  if (body.type === "peer") {
    if (!may("reviews.manage", "peer-review")) return forbidden();
    return answerJson(() => createPeerReviewFromApi(request, ctx, body));
  }
  if (!may("teamReviews.manage", "team-review")) return forbidden();
  return answerJson(() => createTeamReviewFromApi(request, ctx, body));
}
