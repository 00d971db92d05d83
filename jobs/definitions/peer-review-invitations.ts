import * as z from "zod";
import { peerReviewInvitationsQueue, sendPeerReviewInvitations } from "~/features/peer-reviews/peer-review-mail.server";
import type { JobDefinition } from "./index";

const schema = z.object({ reviewId: z.uuid(), membershipIds: z.array(z.uuid()).optional() });

/** Mails the reviewers of a peer round; idempotent per reviewer (review_reviewers.invited_at). */
export const peerReviewInvitationsJob = {
  name: peerReviewInvitationsQueue,
  schema,
  options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  work: { batchSize: 1, pollingIntervalSeconds: 2 },
  handler: async (data) => ({ invited: await sendPeerReviewInvitations(data) }),
} satisfies JobDefinition<typeof schema>;
