/**
 * A finished scheduled Polaris import in Zorggroep Noord's history (issue #16, decision 1224): two weeks
 * ago it fetched the personnel, found that medewerker@demo.nl and leider@demo.nl had moved (city, phone)
 * and applied those changes by itself (HR chose "apply changes without decisions"). No connector is
 * configured: a demo connection would point at a system that does not exist. The changes' new values are
 * the people's current ones, so the history tells what the data says.
 */
import { and, eq, inArray } from "drizzle-orm";
import { importChanges, importConnectorRuns, imports, users } from "#db/schema";
import { addDays, isoDate, type SeedContext } from "../context";
import { demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoPeople } from "./users";

export async function seedImportConnectors(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; people: DemoPeople },
): Promise<void> {
  const tenant = input.tenants.clusters.noord;
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      city: users.city,
    })
    .from(users)
    .where(
      and(
        eq(users.accountId, tenant.accountId),
        inArray(users.email, [demoUsers.hr, demoUsers.medewerker, demoUsers.leider]),
      ),
    );
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const hr = byEmail.get(demoUsers.hr)!;
  const medewerker = byEmail.get(demoUsers.medewerker)!;
  const leider = byEmail.get(demoUsers.leider)!;
  const ranAt = addDays(now, -14);
  ranAt.setUTCHours(5, 0, 0, 0);
  const [row] = await tx
    .insert(imports)
    .values({
      ...tenant,
      createdBy: hr.id,
      appliedBy: hr.id,
      source: "polaris",
      fileName: "Polaris",
      fileType: "csv",
      status: "applied",
      rowsTotal: 48,
      rowsDone: 48,
      counts: { rows: 48, rowsWithErrors: 0, newPeople: 0, newTeams: 0, changes: 2, missing: 0, unchanged: 46 },
      applied: { created: 0, updated: 2, deactivated: 0, teams: 0, skipped: 0 },
      createdAt: ranAt,
      finishedAt: new Date(ranAt.getTime() + 60_000),
    })
    .returning({ id: imports.id });
  await tx.insert(importConnectorRuns).values({
    importId: row.id,
    ...tenant,
    connectorId: null,
    kind: "polaris",
    stage: "ready",
    slot: `${isoDate(ranAt)} 06:00`,
    finishedAt: new Date(ranAt.getTime() + 60_000),
  });
  const name = (p: typeof hr) => `${p.firstName} ${p.lastName}`;
  await tx.insert(importChanges).values([
    {
      importId: row.id,
      ...tenant,
      membershipId: input.people.membershipOf(demoUsers.medewerker, "noord"),
      label: name(medewerker),
      meta: "CHANGED",
      field: "city",
      oldValue: medewerker.city === "Groningen" ? "Assen" : "Groningen",
      newValue: medewerker.city,
      decision: "accepted",
      outcome: "applied",
    },
    {
      importId: row.id,
      ...tenant,
      membershipId: input.people.membershipOf(demoUsers.leider, "noord"),
      label: name(leider),
      meta: "CHANGED",
      field: "phone",
      oldValue: "06-12345678",
      newValue: leider.phone,
      decision: "accepted",
      outcome: "applied",
    },
  ]);
}
