import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { personName } from "~/utils/person-name";
import { nameSearchSql, personNameSql, personNameText } from "~/utils/person-name.server";

// One person-name rule (docs/decisions/1480): the SQL and the TypeScript answer the same for each case.
const cases = [
  { firstName: "Anna", lastName: "de Vries", email: "anna@example.test", shown: "Anna de Vries" },
  { firstName: "Anna", lastName: "", email: "anna@example.test", shown: "Anna" },
  { firstName: "", lastName: "de Vries", email: "vries@example.test", shown: "de Vries" },
  { firstName: "", lastName: "", email: "nameless@example.test", shown: "nameless@example.test" },
  { firstName: "  ", lastName: " ", email: "blank@example.test", shown: "blank@example.test" },
];

describe("person name", () => {
  test.each(cases)("$firstName|$lastName shows as $shown in SQL and in TypeScript", async (c) => {
    const { rows } = await getDb().execute<{ name: string; search: string }>(sql`
      select ${personNameSql("u")} as name, ${nameSearchSql("u")} as search
      from (select ${c.firstName}::text as first_name, ${c.lastName}::text as last_name, ${c.email}::text as email) u`);
    expect(rows[0].name).toBe(c.shown);
    expect(personName(c.firstName, c.lastName, c.email)).toBe(c.shown);
    // A search matches the trigram index's expression, untrimmed.
    expect(rows[0].search).toBe(`${c.firstName} ${c.lastName}`);
  });

  test("the prepared-text form is the same expression", () => {
    expect(personNameText("iu")).toBe(
      `coalesce(nullif(trim("iu".first_name || ' ' || "iu".last_name), ''), "iu".email)`,
    );
  });

  test("without an e-mail at hand the TypeScript rule gives the name, or nothing", () => {
    expect(personName("Anna", "de Vries")).toBe("Anna de Vries");
    expect(personName("", "")).toBe("");
  });
});
