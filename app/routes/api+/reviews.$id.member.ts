import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { answerJson, badRequest, readJson, requireRightForReviewsApi } from "~/features/reviews/evaluation-api.server";
import { memberForApi } from "~/features/reviews/evaluation.server";

const bodySchema = z.object({ membershipId: z.uuid() });

/** POST /api/reviews/{id}/member with { membershipId } (the person's membership): that member's entry. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForReviewsApi(request);
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  return answerJson(async () => {
    const body = bodySchema.safeParse(await readJson(request));
    if (!body.success) return badRequest("membershipId must be a membership id");
    return Response.json(await memberForApi(ctx, params.id ?? "", body.data.membershipId));
  });
}

export async function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405 });
}
