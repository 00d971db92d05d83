import type { ActionFunctionArgs } from "@remix-run/node";
import { reviewOperations } from "~/features/api/schemas/reviews";
import { reviewApiAccess } from "~/features/reviews/review-api-access.server";
import { teamReviewEntryForApi } from "~/features/reviews/review-api.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/** POST /api/reviews/{id}/member with { membershipId } (the person's membership): that member's entry. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "reviews.manage", "team-review");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, reviewOperations.reviewMember.body);
  return answerJson(async () =>
    Response.json(
      await teamReviewEntryForApi(ctx, reviewApiAccess(ctx), params.id ?? "", { membershipId: body.membershipId }),
    ),
  );
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
