/**
 * A person's name as the product shows it (docs/decisions/1480): first and last name, or the e-mail address
 * when both are empty. Client-safe; the SQL twin is `personNameSql` in `person-name.server.ts`. Where the
 * e-mail is not at hand, or is shown beside the name anyway, call it without one.
 */
export function personName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  email = "",
): string {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(" ") || email;
}
