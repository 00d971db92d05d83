/**
 * Invites memberships through the real service, as the personnel screens will. Run with tsx from an
 * e2e test (Playwright's loader cannot import the e-mail templates' JSON translations itself):
 *   tsx tests/e2e/support/invite.ts <accountId> <clusterId> <actorUserId> <membershipId>...
 */
import { closeDb } from "#db/client.server";
import { stopSenderBoss } from "#jobs/boss.server";
import { inviteMemberships } from "~/features/invitations/invitation-send.server";

const [accountId, clusterId, userId, ...membershipIds] = process.argv.slice(2);
try {
  const result = await inviteMemberships({ accountId, clusterId, user: { id: userId } }, membershipIds);
  console.log(JSON.stringify(result));
} finally {
  await stopSenderBoss();
  await closeDb();
}
