import type { TenantContext } from "~/utils/tenant.server";
import { createPeerReview } from "./peer-review-create.server";
import { createRoundFromApi } from "~/features/reviews/review-round-api.server";
import type { PeerReviewApiBody } from "~/features/reviews/review-round-api-body";

const errorKeys = {
  date: "validation:date",
  deadlinePast: "teamreviews:errors.deadlinePast",
  setRequired: "teamreviews:errors.setRequired",
  participantsRequired: "peerreviews:errors.participantsRequired",
  flexExceeded: "peerreviews:errors.flexExceeded",
  failed: "peerreviews:errors.failed",
  teamsRequired: "teamreviews:errors.teamsRequired",
} as const;

/**
 * Creates a peer round through the page's service (one transaction): 201 `{ id }`; a broken rule a 422
 * `{ error, message, code }` in the caller's language; ids that are not uuids, of another tenant, outside
 * a leader's teams, or memberships that are not members of the chosen teams a 404, nothing written.
 */
export function createPeerReviewFromApi(request: Request, ctx: TenantContext, body: PeerReviewApiBody) {
  return createRoundFromApi(request, ctx, body, { errorKeys, create: createPeerReview });
}
