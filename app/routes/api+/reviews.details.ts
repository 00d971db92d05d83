import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { roundDetails } from "~/features/reviews/team-review-overview.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

const bodySchema = z.object({ reviews: z.array(lineText()).min(1).max(200) });

/** POST api/reviews/details with { reviews: [roundIds] }: name, deadline, teams and progress per round. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "teamReviews.manage", "team-review");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, bodySchema);
  return answerJson(async () => Response.json({ reviews: await roundDetails(ctx, body.reviews) }));
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
