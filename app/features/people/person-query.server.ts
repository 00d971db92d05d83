import { eq } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import { memberships, users } from "#db/schema";

/**
 * The person behind a membership: the queries that show who a row is about (a reviewer, a dialog's
 * employee, a team member) reach them through its membership and user, always by the same two joins.
 */

/** The columns a person's name is made from (`personName`, `personNameSql`), of `users` or an alias of it. */
export function nameColumns<U extends { firstName: PgColumn; lastName: PgColumn; email: PgColumn }>(u: U) {
  return { firstName: u.firstName, lastName: u.lastName, email: u.email };
}

/**
 * Joins the membership whose id is in `membershipId` and its user (inner joins: a row without them is left
 * out). The query must be `.$dynamic()`.
 */
export function joinPerson<Q extends PgSelect>(query: Q, membershipId: PgColumn): Q {
  return query
    .innerJoin(memberships, eq(memberships.id, membershipId))
    .innerJoin(users, eq(users.id, memberships.userId)) as unknown as Q;
}
