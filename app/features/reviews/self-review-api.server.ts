import { and, eq, isNull } from "drizzle-orm";
import * as z from "zod";
import { getDb } from "#db/client.server";
import { reviews } from "#db/schema";
import { inCluster, isUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { createSelfReview } from "./self-review-create.server";
import { getSelfReviewDetails, listSelfReviews } from "./self-review-admin.server";
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

type SelfReviewRow = Awaited<ReturnType<typeof listSelfReviews>>[number];

/** finished participants / participants, 0 without participants. */
const progressOf = (finished: number, participants: number) =>
  participants === 0 ? 0 : Math.round((finished / participants) * 100) / 100;

function listEntry(r: SelfReviewRow) {
  return {
    id: r.id,
    type: "self" as const,
    name: r.name,
    deadline: r.deadline,
    isFinished: r.isFinished ? 1 : 0,
    locked: Boolean(r.lockedAt),
    progress: progressOf(r.finished, r.participants),
    participants: r.participants,
    finished: r.finished,
    teams: r.teams,
    sourceReviewId: r.sourceReviewId,
  };
}

/** The self reviews ctx manages (newest first, at most 200, as the overview page). */
export async function listSelfReviewsForApi(ctx: TenantContext) {
  return (await listSelfReviews(ctx, {})).map(listEntry);
}

/** Whether the id is a (not deleted) self review of ctx's cluster; who may open it is asked after. */
export async function isSelfReviewId(ctx: TenantContext, id: string) {
  if (!isUuid(id)) return false;
  const [row] = await getDb()
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, id), eq(reviews.type, "self"), isNull(reviews.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** GET api/reviews/{id} of a self review: its state, teams, tags and participants; 404 outside ctx's scope. */
export async function selfReviewForApi(ctx: TenantContext, id: string) {
  const details = await getSelfReviewDetails(ctx, id);
  const { review } = details;
  const finished = details.participants.filter((p) => p.finishedAt).length;
  return {
    id: review.id,
    type: "self" as const,
    name: review.name,
    deadline: review.deadline,
    scale: review.scale,
    isFinished: review.isFinished ? 1 : 0,
    locked: Boolean(review.lockedAt),
    completionConfirmed: Boolean(review.completionConfirmedAt),
    progress: progressOf(finished, details.participants.length),
    setId: review.setId,
    sourceReviewId: review.sourceReviewId,
    teams: details.teams,
    tags: details.tags,
    memberships: details.participants.map((p) => ({
      membershipId: p.membershipId,
      teamId: p.teamId,
      firstName: p.firstName,
      lastName: p.lastName,
      invitedAt: p.invitedAt,
      finishedAt: p.finishedAt,
      answered: p.answered,
      score: { 1: p.performance, 2: p.potential, 3: p.employability },
    })),
  };
}
