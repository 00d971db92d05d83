import { sql } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import type { Tenant } from "~/utils/scope.server";
import { personalFields } from "./import-fields";
import { leaderKeyOf, PeopleKeys, type ExistingPerson, type FindPerson } from "./import-compare";
import type { LeaderNames } from "./import-leader-names";

/** What a person's text holds, in this order (the id is kept apart: the missing people are found by it). */
const detailFields = [
  "employeeNumber",
  "email",
  "status",
  "firstName",
  "lastName",
  ...personalFields,
  "teams",
  "leads",
] as const satisfies readonly (keyof ExistingPerson)[];

/**
 * A cluster's people (not removed) as the import's comparison needs them, held compactly: one JSON text
 * per person, found by key (employee number, else e-mail) through `PeopleKeys`, and parsed only when a
 * row names them. An object per person with its teams took about 700 bytes; the text takes about 150,
 * which is what keeps the worker under its memory target at 100,000 people (issue #16, decision 1415).
 */
export class ClusterPeople {
  readonly keys = new PeopleKeys<number>();
  private readonly ids: string[] = [];
  private readonly details: string[] = [];

  add(person: ExistingPerson): void {
    this.keys.add(person.employeeNumber, person.email, this.details.length);
    this.ids.push(person.membershipId);
    // An array, not an object: the field names would double the text.
    this.details.push(
      JSON.stringify(detailFields.map((field) => (field === "leads" ? (person.leads ?? []) : person[field]))),
    );
  }

  /** Whether someone has this employee number or (lower-case) e-mail address. */
  has(value: string): boolean {
    return this.keys.has(value);
  }

  /** A finder for one part of the file: each person parsed once, however often the part names them. */
  finder(): FindPerson {
    const parsed = new Map<number, ExistingPerson>();
    return (employeeNumber, email) => {
      const index = this.keys.find(employeeNumber, email);
      if (index === undefined) return undefined;
      let person = parsed.get(index);
      if (!person) parsed.set(index, (person = this.person(index)));
      return person;
    };
  }

  /** Everyone but these, one at a time. */
  *allBut(ids: ReadonlySet<string>): Generator<ExistingPerson> {
    for (let index = 0; index < this.ids.length; index++) if (!ids.has(this.ids[index])) yield this.person(index);
  }

  private person(index: number): ExistingPerson {
    const values = JSON.parse(this.details[index]) as unknown[];
    const person = Object.fromEntries(detailFields.map((field, i) => [field, values[i]]));
    return { ...person, membershipId: this.ids[index] } as ExistingPerson;
  }
}

/**
 * Loads the cluster's people through two cursors read side by side in membership order: the people
 * (with their user) and their places in teams, `pageSize` at a time. One statement each: paging with
 * `id > …` re-read and sorted the whole cluster for every page (0.5 s a page at 100,000 people), and a
 * join of the places with the people loops over the cluster per person when the tables have no planner
 * statistics (autovacuum off, as on these machines). `names`: the team leader names the file holds, to
 * be told who of the cluster has them (decision 1992).
 */
export async function loadClusterPeople(
  tx: Tx,
  tenant: Tenant,
  pageSize: number,
  names?: LeaderNames,
): Promise<ClusterPeople> {
  await tx.execute(sql`
    declare import_people no scroll cursor for
    select m.id, m.employee_number, m.status, u.email, u.first_name, u.last_name, u.birthday, u.gender,
           u.phone, u.address, u.zip, u.city
    from memberships m join users u on u.id = m.user_id
    where m.account_id = ${tenant.accountId} and m.cluster_id = ${tenant.clusterId}
      and m.deleted_at is null and u.deleted_at is null
    order by m.id`);
  await tx.execute(sql`
    declare import_places no scroll cursor for
    select ra.membership_id, ra.role_key, t.name
    from role_assignments ra join teams t on t.id = ra.team_id and t.deleted_at is null
    where ra.account_id = ${tenant.accountId} and ra.cluster_id = ${tenant.clusterId}
      and ra.role_key in ('team_member', 'team_admin')
    order by ra.membership_id`);
  const fetch = async <T>(cursor: string) =>
    (await tx.execute(sql.raw(`fetch ${Number(pageSize)} from ${cursor}`))).rows as T[];
  const people = new ClusterPeople();
  let places: PlaceRow[] = await fetch("import_places");
  let at = 0;
  for (;;) {
    const page = await fetch<PersonRow>("import_people");
    if (page.length === 0) break;
    for (const p of page) {
      const person: ExistingPerson = {
        membershipId: p.id,
        employeeNumber: p.employee_number,
        status: p.status,
        email: p.email,
        firstName: p.first_name,
        lastName: p.last_name,
        birthday: p.birthday,
        gender: p.gender,
        phone: p.phone,
        address: p.address,
        zip: p.zip,
        city: p.city,
        teams: [],
        leads: [],
      };
      for (;;) {
        if (at === places.length && places.length > 0) {
          places = await fetch("import_places");
          at = 0;
        }
        const place = places[at];
        if (!place || place.membership_id > p.id) break;
        if (place.membership_id === p.id)
          (place.role_key === "team_admin" ? person.leads! : person.teams).push(place.name);
        at++;
      }
      people.add(person);
      if (names?.wanted) names.add(person.firstName, person.lastName, leaderKeyOf({}, person), p.status === "active");
    }
  }
  await tx.execute(sql`close import_people`);
  await tx.execute(sql`close import_places`);
  return people;
}

type PersonRow = {
  id: string;
  employee_number: string | null;
  status: ExistingPerson["status"];
  email: string;
  first_name: string;
  last_name: string;
  birthday: string | null;
  gender: string | null;
  phone: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
};
type PlaceRow = { membership_id: string; role_key: string; name: string };
