/**
 * The demo people as users (sign-in ready: verified e-mail, the demo password) and their memberships
 * (employee records) in the demo clusters. Raw inserts: the people services invite a new person to set
 * a password, and the demo users must be able to sign in at once.
 */
import { memberships, users } from "#db/schema";
import { addDays, type SeedContext } from "../context";
import type { DemoClusterKey } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import { buildPeople, type PersonSpec } from "./people";
import { regions, streets, zipLetters } from "./people-names";

export type DemoPeople = {
  people: PersonSpec[];
  /** The membership id of a person (by e-mail) in a demo cluster. */
  membershipOf(email: string, cluster: DemoClusterKey): string;
};

export async function seedUsers(ctx: SeedContext, tenants: DemoTenants): Promise<DemoPeople> {
  const { tx, now, rng, passwordHash } = ctx;
  const people = buildPeople(rng);

  const userRows = people.map((p) => {
    const r = regions[p.region];
    const birthYear = rng.int(1963, 2003);
    return {
      accountId: tenants.accounts[p.account],
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      birthday: `${birthYear}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
      gender: p.gender,
      phone: `06-${String(rng.int(10000000, 99999999))}`,
      address: `${rng.pick(streets)} ${rng.int(1, 180)}`,
      zip: `${rng.int(r.zip[0], r.zip[1])} ${rng.pick(zipLetters)}${rng.pick(zipLetters)}`,
      city: rng.pick(r.cities),
      country: "NL",
      language: p.language,
      loginType: "email" as const,
      emailVerifiedAt: now,
      passwordHash,
      isAccountAdmin: p.isAccountAdmin,
      firstLoginAt: null,
    };
  });
  const insertedUsers = await tx.insert(users).values(userRows).returning({ id: users.id, email: users.email });
  const userIdByEmail = new Map(insertedUsers.map((u) => [u.email, u.id]));

  const membershipRows = people.flatMap((p) =>
    p.memberships.map((m) => {
      const cluster = tenants.clusters[m.cluster];
      return {
        ...cluster,
        userId: userIdByEmail.get(p.email)!,
        employeeNumber: m.employeeNumber,
        status: m.status,
        access: m.access,
        invited: m.access,
        invitedAt: m.access ? addDays(now, -rng.int(7, 400)) : null,
        updatesFrequency: rng.pick(["weekly", "weekly", "biweekly", "fourweekly"] as const),
        deletedAt: m.deleted ? addDays(now, -rng.int(5, 60)) : null,
      };
    }),
  );
  const insertedMemberships = await tx
    .insert(memberships)
    .values(membershipRows)
    .returning({ id: memberships.id, clusterId: memberships.clusterId, userId: memberships.userId });
  const membershipId = new Map(insertedMemberships.map((m) => [`${m.clusterId}|${m.userId}`, m.id]));

  return {
    people,
    membershipOf(email, cluster) {
      const id = membershipId.get(`${tenants.clusters[cluster].clusterId}|${userIdByEmail.get(email)}`);
      if (!id) throw new Error(`No demo membership of ${email} in ${cluster}`);
      return id;
    },
  };
}
