import * as z from "zod";
import type { TenantContext } from "~/utils/tenant.server";
import { createSelfReview } from "./self-review-create.server";
import { createRoundFromApi } from "./review-round-api.server";
import { reviewRoundApiFields } from "./review-round-api-body";

/** Self reviews in the reviews JSON API (spec §7, docs/decisions/0950). */

/** POST api/reviews with type self: criteria, memberships, name, type, action, deadline, teams, tags (and set). */
export const selfReviewApiSchema = z.object({
  type: z.literal("self"),
  action: z.literal("create_selfreview_from_scratch").optional(),
  ...reviewRoundApiFields,
});
export type SelfReviewApiBody = z.infer<typeof selfReviewApiSchema>;

const errorKeys = {
  date: "validation:date",
  deadlinePast: "teamreviews:errors.deadlinePast",
  setRequired: "teamreviews:errors.setRequired",
  participantsRequired: "selfreviews:errors.participantsRequired",
  flexExceeded: "selfreviews:errors.flexExceeded",
  noMembers: "selfreviews:errors.noMembers",
  failed: "selfreviews:errors.failed",
  teamsRequired: "teamreviews:errors.teamsRequired",
} as const;

/**
 * Creates a self review from scratch through the wizard's service: 201 `{ id }`; a broken rule is a 422
 * with the message in the caller's language; ids of another tenant a 404 (thrown by the service).
 */
export function createSelfReviewFromApi(request: Request, ctx: TenantContext, body: SelfReviewApiBody) {
  return createRoundFromApi(request, ctx, body, { errorKeys, create: createSelfReview });
}
