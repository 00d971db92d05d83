import type { ActionFunctionArgs } from "@remix-run/node";
import { reviewOperations } from "~/features/api/schemas/reviews";
import { roundDetails } from "~/features/reviews/team-review-overview.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/** POST api/reviews/details with { reviews: [roundIds] }: name, deadline, teams and progress per round. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "teamReviews.manage", "team-review");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, reviewOperations.reviewDetails.body);
  return answerJson(async () => Response.json({ reviews: await roundDetails(ctx, body.reviews) }));
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
