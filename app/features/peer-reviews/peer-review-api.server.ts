import { and, eq, isNull } from "drizzle-orm";
import * as z from "zod";
import { getDb } from "#db/client.server";
import { reviews } from "#db/schema";
import { inCluster, isUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { getPeerReviewDetails, listPeerReviews } from "./peer-review-admin.server";
import { createPeerReview } from "./peer-review-create.server";
import { createRoundFromApi } from "~/features/reviews/review-round-api.server";
import { reviewRoundApiFields } from "~/features/reviews/review-round-api-body";

/**
 * Peer rounds in the reviews JSON API (docs/decisions/0950, 1021): `peerReviews` in GET api/reviews and
 * GET api/reviews/{id} of a peer round, with type, isFinished (0/1), locked and progress (peers who
 * finished / peers asked). Counts only: no answers.
 */

const progressOf = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100) / 100);

export async function listPeerReviewsForApi(ctx: TenantContext) {
  return (await listPeerReviews(ctx)).map((r) => ({
    id: r.id,
    type: "peer" as const,
    name: r.name,
    deadline: r.deadline,
    isFinished: r.isFinished ? 1 : 0,
    locked: Boolean(r.lockedAt),
    progress: progressOf(r.peersAnswered, r.peersAsked),
    participants: r.participants,
    peersAsked: r.peersAsked,
    peersAnswered: r.peersAnswered,
    teams: r.teams,
  }));
}

/** Whether the id is a (not deleted) peer round of ctx's cluster; who may open it is asked after. */
export async function isPeerReviewId(ctx: TenantContext, id: string) {
  if (!isUuid(id)) return false;
  const [row] = await getDb()
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, id), eq(reviews.type, "peer"), isNull(reviews.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** GET api/reviews/{id} of a peer round: state, progress and per participant the counts; 404 outside scope. */
export async function peerReviewForApi(ctx: TenantContext, id: string) {
  const details = await getPeerReviewDetails(ctx, id);
  const { review } = details;
  const asked = details.participants.reduce((n, p) => n + p.peersAsked, 0);
  const answered = details.participants.reduce((n, p) => n + p.peersAnswered, 0);
  return {
    id: review.id,
    type: "peer" as const,
    name: review.name,
    deadline: review.deadline,
    scale: review.scale,
    isFinished: review.isFinished ? 1 : 0,
    locked: Boolean(review.lockedAt),
    progress: progressOf(answered, asked),
    setId: review.setId,
    memberships: details.participants.map((p) => ({
      membershipId: p.membershipId,
      name: p.name,
      peersAsked: p.peersAsked,
      peersAnswered: p.peersAnswered,
      selfFinished: p.selfDone,
      leadersAsked: p.leadersAsked,
      leadersFinished: p.leadersDone,
    })),
  };
}

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
