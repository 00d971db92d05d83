import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { personName } from "./person-name";

/** Where a person's name columns are: a users table alias in raw SQL (`"u"`), or the Drizzle columns. */
export type NameSource = string | { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn };

function columns(from: NameSource) {
  if (typeof from !== "string") return from;
  const alias = sql.identifier(from);
  return {
    firstName: sql`${alias}.first_name`,
    lastName: sql`${alias}.last_name`,
    email: sql`${alias}.email`,
  };
}

/**
 * A person's name as the product shows it (docs/decisions/1480): first and last name, or the e-mail address
 * when both are empty. The SQL twin of `personName` in `people-search.ts`.
 */
export function personNameSql(from: NameSource): SQL<string> {
  const c = columns(from);
  return sql<string>`coalesce(nullif(trim(${c.firstName} || ' ' || ${c.lastName}), ''), ${c.email})`;
}

/**
 * The text a name search matches (`ilike`): exactly the expression of the users' trigram index
 * (`users_full_name_trgm_idx`), so the search can use it. Searches match the e-mail address beside it.
 */
export function nameSearchSql(from: NameSource): SQL<string> {
  const c = columns(from);
  return sql<string>`(${c.firstName} || ' ' || ${c.lastName})`;
}

/** `personNameSql(alias)` as SQL text, for the queries kept as prepared text (the session's tenant query). */
export function personNameText(alias: string): string {
  return new PgDialect().sqlToQuery(personNameSql(alias)).sql;
}

/** `and (name or e-mail matches)` for a users alias and an `ilike` pattern (`likePattern`); nothing without one. */
export function andNameOrEmailLike(alias: string, like: string | null): SQL {
  return like
    ? sql`and (${nameSearchSql(alias)} ilike ${like} or ${sql.identifier(alias)}.email ilike ${like})`
    : sql``;
}

/** A user of raw SQL (`u.id, u.first_name, u.last_name, u.email`) as lists show them: id, name, e-mail. */
export function userOfRow(r: { id: string; first_name: string; last_name: string; email: string }) {
  return { id: r.id, name: personName(r.first_name, r.last_name, r.email), email: r.email };
}
