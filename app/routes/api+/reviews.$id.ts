import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  answerJson,
  badRequest,
  readJson,
  requireRightForReviewsApi,
  reviewSaveSchema,
  ruleFailure,
} from "~/features/reviews/evaluation-api.server";
import { reviewForApi, saveReviewFromApi } from "~/features/reviews/evaluation.server";

/** GET /api/reviews/{id}: a team review with its criteria per dimension and member entries. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForReviewsApi(request);
  return answerJson(async () => Response.json(await reviewForApi(ctx, params.id ?? "")));
}

/** PUT /api/reviews/{id}: the evaluate save (isFinished, criteria, memberships); 422 with a message on a rule. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForReviewsApi(request);
  if (request.method !== "PUT") return Response.json({ error: "method not allowed" }, { status: 405 });
  return answerJson(async () => {
    const body = reviewSaveSchema.safeParse(await readJson(request));
    if (!body.success) return badRequest(body.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    const { isFinished, criteria, memberships } = body.data;
    const result = await saveReviewFromApi(ctx, params.id ?? "", {
      isFinished: isFinished === 1 || isFinished === true,
      criteria,
      memberships: memberships?.map((m) => ({
        id: m.id,
        criteriaScores: m.criteriaScores,
        developmentGoal: m.developmentGoal,
      })),
    });
    if (!result.ok) return ruleFailure(request, result);
    return Response.json(await reviewForApi(ctx, params.id ?? ""));
  });
}
