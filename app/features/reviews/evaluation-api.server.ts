import * as z from "zod";
import { getServerT } from "~/utils/i18n.server";
import type { EvaluationResult } from "./evaluation.server";

/** The review API's answer to a broken rule: 422 with a translated message and where it broke. */
export async function ruleFailure(request: Request, result: Exclude<EvaluationResult, { ok: true }>) {
  const t = await getServerT(request);
  return Response.json(
    {
      error: result.code,
      message: t(`evaluation:errors.${result.code}`),
      code: result.code,
      subjectId: result.subjectId,
      criterionId: result.criterionId,
    },
    { status: 422 },
  );
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
