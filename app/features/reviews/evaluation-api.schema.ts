import * as z from "zod";
import { multilineText } from "~/utils/text-schema";

/**
 * The bodies of the evaluate save of the reviews JSON API (spec §7 PUT api/reviews/{id} and POST
 * api/reviews/update/{reviewId}/membership/{id}; docs/decisions/0521). Client-safe: the OpenAPI document
 * publishes them (app/features/api/schemas/reviews.ts) and the routes read with them.
 */

/** One member's scores as GET api/reviews/{id} gives an entry: extra fields of that entry are ignored. */
export const memberScoresSchema = z.object({
  criteriaScores: z
    .array(z.object({ criterionId: z.uuid(), score: z.number().int().nullable() }))
    .max(500)
    .optional()
    .meta({ description: "Per criterion a score of the review's scale, 0 not-rated, null to clear it." }),
  developmentGoal: multilineText().max(4000).optional(),
  // Derived on the server from the criteria scores; accepted for compatibility and ignored (docs/decisions/0521).
  score: z.unknown().optional().meta({ description: "Ignored: derived from criteriaScores." }),
  teamScores: z.unknown().optional().meta({ description: "Ignored." }),
});

/** The evaluate save: finish (0/1), the criteria selection (id, dimension) and member entries. */
export const reviewSaveSchema = z.object({
  isFinished: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  criteria: z
    .array(z.object({ id: z.uuid(), dimension: z.number().int() }))
    .max(500)
    .optional()
    .meta({ description: "The whole selection: criteria left out are removed (set criteria cannot be)." }),
  memberships: z
    .array(memberScoresSchema.extend({ id: z.uuid().meta({ description: "The member entry's id." }) }))
    .max(1000)
    .optional(),
});
