/**
 * A finished spreadsheet import in Zorggroep Noord's history (issue #16): about six weeks ago hr@demo.nl
 * uploaded the payroll export "personeel-export.xlsx", added one new colleague and one new team, took
 * over a changed phone number, kept someone who was missing from the file, and found the rest unchanged.
 * The values shown are the people's and teams' current ones, so the history tells what the data says.
 * The column mapping of that file is remembered for the cluster's next import.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { importChanges, importColumnMappings, imports, memberships, teams, users } from "#db/schema";
import { normaliseHeader } from "~/features/imports/import-fields";
import { addDays, type SeedContext } from "../context";
import { demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";

export const DEMO_IMPORT_FILE = "personeel-export.xlsx";

const headers = ["Personeelsnummer", "Voornaam", "Achternaam", "E-mail", "Telefoon", "Team"];
const fields = ["employeeNumber", "firstName", "lastName", "email", "phone", "team"];

export async function seedImport({ tx, now }: SeedContext, input: { tenants: DemoTenants }): Promise<void> {
  const tenant = input.tenants.clusters.noord;
  const people = await tx
    .select({
      membershipId: memberships.id,
      employeeNumber: memberships.employeeNumber,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.clusterId, tenant.clusterId), eq(memberships.status, "active"), isNull(memberships.deletedAt)),
    )
    .orderBy(asc(users.email));
  const [team] = await tx
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.clusterId, tenant.clusterId), isNull(teams.deletedAt)))
    .orderBy(asc(teams.name))
    .limit(1);
  const hr = people.find((p) => p.email === demoUsers.hr)!;
  const named = new Set<string>(Object.values(demoUsers));
  const others = people.filter((p) => !named.has(p.email));
  const [joiner, mover, missing] = others;
  const unchanged = people.filter((p) => p !== joiner && p !== mover && p !== missing);
  const label = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

  const startedAt = addDays(now, -42);
  startedAt.setUTCHours(9, 12, 0, 0);
  const rows = unchanged.length + 2;
  const [row] = await tx
    .insert(imports)
    .values({
      ...tenant,
      createdBy: hr.userId,
      appliedBy: hr.userId,
      source: "excel",
      fileName: DEMO_IMPORT_FILE,
      fileType: "xlsx",
      status: "applied",
      sheetNames: ["Personeel"],
      headers,
      mapping: Object.fromEntries(fields.map((f, i) => [String(i), f])),
      rowsTotal: rows,
      rowsDone: rows,
      counts: {
        rows,
        rowsWithErrors: 0,
        newPeople: 1,
        newTeams: 1,
        changes: 1,
        missing: 1,
        unchanged: unchanged.length,
      },
      applied: { created: 1, updated: 1, deactivated: 0, teams: 1, skipped: 0 },
      createdAt: startedAt,
      finishedAt: new Date(startedAt.getTime() + 6 * 60_000),
    })
    .returning({ id: imports.id });
  const base = { importId: row.id, ...tenant };
  // The phone number before: the current one with other last digits.
  const phone = mover.phone ?? "06-12345678";
  const oldPhone = phone.slice(0, -2) + (phone.endsWith("00") ? "11" : "00");
  await tx.insert(importChanges).values([
    {
      ...base,
      membershipId: joiner.membershipId,
      rowNumber: 2,
      label: label(joiner),
      meta: "NEW_PERSON" as const,
      data: {
        employeeNumber: joiner.employeeNumber ?? "",
        firstName: joiner.firstName,
        lastName: joiner.lastName,
        email: joiner.email,
        team: team.name,
      },
      decision: "accepted" as const,
      outcome: "applied",
    },
    {
      ...base,
      label: team.name,
      meta: "NEW_TEAM" as const,
      newValue: team.name,
      decision: "accepted" as const,
      outcome: "applied",
    },
    {
      ...base,
      membershipId: mover.membershipId,
      rowNumber: 3,
      label: label(mover),
      meta: "CHANGED" as const,
      field: "phone",
      oldValue: oldPhone,
      newValue: phone,
      decision: "accepted" as const,
      outcome: "applied",
    },
    {
      ...base,
      membershipId: missing.membershipId,
      label: label(missing),
      meta: "NOT_IN_IMPORT" as const,
      decision: "rejected" as const,
    },
    ...unchanged.map((p, i) => ({
      ...base,
      membershipId: p.membershipId,
      rowNumber: i + 4,
      label: label(p),
      meta: "NO_CHANGE" as const,
      decision: "accepted" as const,
    })),
  ]);
  await tx
    .insert(importColumnMappings)
    .values(headers.map((h, i) => ({ ...tenant, header: normaliseHeader(h), field: fields[i], updatedAt: startedAt })))
    .onConflictDoNothing();
}
