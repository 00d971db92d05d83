import * as z from "zod";
import { selfReviewInvitationsQueue, sendSelfReviewInvitations } from "~/features/reviews/self-review-mail.server";
import type { JobDefinition } from "./index";

const schema = z.object({ reviewId: z.uuid() });

/** Mails the participants of a self review; idempotent per participant (review_reviewers.invited_at). */
export const selfReviewInvitationsJob = {
  name: selfReviewInvitationsQueue,
  schema,
  options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  work: { batchSize: 1, pollingIntervalSeconds: 2 },
  handler: async (data) => ({ invited: await sendSelfReviewInvitations(data) }),
} satisfies JobDefinition<typeof schema>;
