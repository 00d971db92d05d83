import type { TenantContext } from "~/utils/tenant.server";
import { createSelfReview } from "./self-review-create.server";
import { createRoundFromApi } from "./review-round-api.server";
import type { SelfReviewApiBody } from "./review-round-api-body";

/** Self reviews in the reviews JSON API (spec §7, docs/decisions/0950); the body is review-round-api-body.ts. */

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
