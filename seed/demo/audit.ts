/**
 * A few audit events for Demo BV (issue 35), so account/audit shows something to filter: sign-ins and a
 * failed one, a role change, an export, a settings change and reads of a colleague's dialog and flow by the
 * team leader, spread over the last days. Written through the one writer, as the product does.
 */
import { eq } from "drizzle-orm";
import { memberships } from "#db/schema";
import { recordAudit, type AuditEvent } from "~/features/audit/audit.server";
import type { SeedContext } from "../context";
import { demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoPeople } from "./users";

export async function seedAudit({ tx }: SeedContext, input: { tenants: DemoTenants; people: DemoPeople }) {
  const { accountId, clusterId } = input.tenants.clusters.noord;
  const member = (email: string) => input.people.membershipOf(email, "noord");
  const userOf = async (email: string) =>
    (
      await tx
        .select({ id: memberships.userId })
        .from(memberships)
        .where(eq(memberships.id, member(email)))
    )[0].id;
  const admin = { accountId, clusterId, ip: "192.0.2.10", actorUserId: await userOf(demoUsers.admin) };
  const leider = { ...admin, actorUserId: await userOf(demoUsers.leider) };
  const base = { accountId, clusterId, ip: "192.0.2.10" };
  const events: AuditEvent[] = [
    {
      ...base,
      subjectType: "membership",
      subjectId: member(demoUsers.medewerker),
      action: "login.failed",
      data: { reason: "failed" },
    },
    { ...admin, subjectType: "membership", subjectId: member(demoUsers.admin), action: "login" },
    {
      ...admin,
      subjectType: "membership",
      subjectId: member(demoUsers.leider),
      action: "membership.roles",
      data: { roles: ["team_admin"] },
    },
    { ...admin, subjectType: "cluster", subjectId: clusterId, action: "settings.review" },
    { ...admin, action: "export.personnel", data: { tab: "active", rows: 12 } },
    { ...leider, subjectType: "membership", subjectId: member(demoUsers.medewerker), action: "read.dialog" },
    { ...leider, subjectType: "membership", subjectId: member(demoUsers.medewerker), action: "read.flow" },
  ];
  await recordAudit(tx, events);
}
