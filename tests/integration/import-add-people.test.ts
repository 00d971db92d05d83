import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { addPeople } from "~/features/employees/employee-person.server";
import type { PersonInput } from "~/features/employees/employees.schema";
import { requireRight, type TenantContext } from "~/utils/tenant.server";
import { createUserWithMembership } from "../factories";
import { orgWorld } from "../support/org";

// The import's set-based add (decision 1243): the same outcomes, audit events and tenancy as addPerson
// called person by person.
const input = (email: string, employeeNumber = ""): PersonInput => ({
  email,
  firstName: "Voor",
  lastName: email.split("@")[0],
  employeeNumber,
  phone: "",
  birthday: "15-03-1980",
  gender: "",
  address: "",
  zip: "",
  city: "",
  country: "",
  language: "nl",
  loginType: "email",
});

let w: Awaited<ReturnType<typeof orgWorld>>;
let ctx: TenantContext;
beforeAll(async () => {
  w = await orgWorld();
  ctx = await requireRight(new Request("http://localhost/import", { headers: { cookie: w.cookie } }), "users.import");
});

describe("addPeople", () => {
  it("creates the unknown, activates the inactive, refuses the other account's and a second same address", async () => {
    const db = getDb();
    const s = w.cluster.id.slice(0, 8);
    const foreign = await orgWorld();
    await createUserWithMembership(db, {
      accountId: foreign.account.id,
      clusterId: foreign.cluster.id,
      email: `other-${s}@test.nl`,
    });
    const inactive = await createUserWithMembership(db, {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      email: `slept-${s}@test.nl`,
    });
    await db.execute(sql`update memberships set status = 'inactive' where id = ${inactive.membership.id}`);

    const results = await db.transaction((tx) =>
      addPeople(
        ctx,
        [
          input(`new1-${s}@test.nl`, "A1"),
          input(`other-${s}@test.nl`, "A2"),
          input(`slept-${s}@test.nl`, "A3"),
          input(`new2-${s}@test.nl`, "A4"),
          input(`NEW1-${s}@test.nl`, "A5"),
        ],
        tx,
      ),
    );
    expect(results.map((r) => `${r.ok}/${r.outcome}`)).toEqual([
      "true/notFound",
      "false/foundOtherAccount",
      "true/foundMemberInactive",
      "true/notFound",
      "false/foundMemberActive",
    ]);
    expect(results[2]).toMatchObject({ membershipId: inactive.membership.id });

    const made = await db.execute<{ email: string; employee_number: string; status: string; roles: string }>(sql`
      select u.email, m.employee_number, m.status,
             (select string_agg(role_key, ',') from role_assignments r where r.membership_id = m.id) as roles
      from memberships m join users u on u.id = m.user_id
      where m.cluster_id = ${w.cluster.id} and u.account_id = ${w.account.id} and u.email like ${`%-${s}@test.nl`}
      order by u.email`);
    expect(made.rows).toEqual([
      { email: `new1-${s}@test.nl`, employee_number: "A1", status: "active", roles: "employee" },
      { email: `new2-${s}@test.nl`, employee_number: "A4", status: "active", roles: "employee" },
      expect.objectContaining({ email: `slept-${s}@test.nl`, status: "active" }),
    ]);
    const birthday = await db.execute<{ birthday: string }>(sql`
      select birthday::text from users where email = ${`new2-${s}@test.nl`}`);
    expect(birthday.rows[0].birthday).toBe("1980-03-15");

    const events = await db.execute<{ action: string; n: number }>(sql`
      select action, count(*)::int as n from audit_events
      where cluster_id = ${w.cluster.id} and action in ('membership.create', 'membership.activate')
      group by action order by action`);
    expect(events.rows).toEqual([
      { action: "membership.activate", n: 1 },
      { action: "membership.create", n: 2 },
    ]);
    // The other account's person is untouched: still one user with that address, in their account.
    const other = await db.execute<{ account_id: string }>(sql`
      select account_id from users where lower(email) = ${`other-${s}@test.nl`}`);
    expect(other.rows).toEqual([{ account_id: foreign.account.id }]);
  });
});
