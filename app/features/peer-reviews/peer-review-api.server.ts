import * as z from "zod";
import type { TenantContext } from "~/utils/tenant.server";
import { createPeerReview } from "./peer-review-create.server";
import { createRoundFromApi } from "~/features/reviews/review-round-api.server";
import { reviewRoundApiFields } from "~/features/reviews/review-round-api-body";

/**
 * POST api/reviews with type peer (docs/decisions/1204): the self review's body — name, deadline, teams,
 * tags, memberships (the reviewed people), criteria (extra ones), set — with its own action name.
 */
export const peerReviewApiSchema = z.object({
  type: z.literal("peer"),
  action: z.literal("create_peerreview_from_scratch").optional(),
  ...reviewRoundApiFields,
});
export type PeerReviewApiBody = z.infer<typeof peerReviewApiSchema>;

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
