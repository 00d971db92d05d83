import * as z from "zod";
import { sendTeamReviewInvitations, teamReviewInvitationsQueue } from "~/features/reviews/team-review-mail.server";
import type { JobDefinition } from "./index";

const schema = z.object({ roundId: z.uuid(), reviewIds: z.array(z.uuid()) });

/** Mails the leaders of a round's team reviews; idempotent per leader (review_reviewers.invited_at). */
export const teamReviewInvitationsJob = {
  name: teamReviewInvitationsQueue,
  schema,
  options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  work: { batchSize: 1, pollingIntervalSeconds: 2 },
  handler: async (data) => ({ invited: await sendTeamReviewInvitations(data) }),
} satisfies JobDefinition<typeof schema>;
