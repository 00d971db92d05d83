import * as z from "zod";
import { requireRightForApi } from "~/utils/api-guard.server";
import { getServerT } from "~/utils/i18n.server";
import type { TenantContext } from "~/utils/tenant.server";
import type { EvaluationResult } from "./evaluation.server";

/**
 * Shared by the review API routes (spec §7): the right, the team-review module and JSON answers
 * (401/403 from the guard, 404 for anything outside the user's scope, 422 with a message for a rule).
 */
export async function requireRightForReviewsApi(request: Request): Promise<TenantContext> {
  const ctx = await requireRightForApi(request, "reviews.manage");
  if (!ctx.modules.has("team-review")) throw Response.json({ error: "forbidden" }, { status: 403 });
  return ctx;
}

/** Runs a handler and turns the services' 404 (scope) into a JSON 404. */
export async function answerJson(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response && error.status === 404)
      return Response.json({ error: "not found" }, { status: 404 });
    throw error;
  }
}

export async function ruleFailure(request: Request, result: Exclude<EvaluationResult, { ok: true }>) {
  const t = await getServerT(request);
  return Response.json(
    {
      message: t(`evaluation:errors.${result.code}`),
      code: result.code,
      subjectId: result.subjectId,
      criterionId: result.criterionId,
    },
    { status: 422 },
  );
}

export async function readJson(request: Request): Promise<unknown> {
  return request.json().catch(() => null);
}

export function badRequest(message: string) {
  return Response.json({ message }, { status: 400 });
}

export const memberScoresSchema = z.object({
  criteriaScores: z
    .array(z.object({ criterionId: z.uuid(), score: z.number().int().nullable() }))
    .max(500)
    .optional(),
  developmentGoal: z.string().max(4000).optional(),
  // Derived on the server from the criteria scores; accepted for compatibility and ignored (docs/decisions/0521).
  score: z.unknown().optional(),
  teamScores: z.unknown().optional(),
});

export const reviewSaveSchema = z.object({
  isFinished: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  criteria: z
    .array(z.object({ id: z.uuid(), dimension: z.number().int() }))
    .max(500)
    .optional(),
  memberships: z
    .array(memberScoresSchema.extend({ id: z.uuid() }))
    .max(1000)
    .optional(),
});
