import { and, eq } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import * as schema from "#db/schema";
import { auditEvents, tasks } from "#db/schema";
import { notExported, personalDataSources } from "~/features/privacy/personal-data-sources.server";
import { loader as exportLoader } from "~/routes/resources+/personal-data";
import { context, getRequest, run } from "../support/http";
import { employeeIn, orgWorld } from "../support/org";
import { sessionCookieFor } from "../support/session";

let w: Awaited<ReturnType<typeof orgWorld>>;
let other: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld({ accountAdmin: true });
  other = await orgWorld({ accountAdmin: true });
});

const download = (query: string, cookie: string) =>
  run(() =>
    exportLoader({ request: getRequest(`/resources/personal-data${query}`, cookie), context: context(), params: {} }),
  );

/** Every table with a column that refers to a person: a foreign key to users or memberships, or a *user_id / *membership_id column. */
function personTables(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const value of Object.values(schema) as unknown[]) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    const columns = new Set<string>();
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const to = getTableConfig(ref.foreignTable).name;
      if (to === "users" || to === "memberships") for (const c of ref.columns) columns.add(c.name);
    }
    for (const c of config.columns) if (/(^|_)(user|membership)_id$/.test(c.name)) columns.add(c.name);
    if (columns.size > 0) found.set(config.name, [...columns]);
  }
  return found;
}

describe("a person's data export", () => {
  it("covers every table with a reference to a person (a new one fails here until the export or its exceptions name it)", () => {
    const covered = new Map(personalDataSources.map((s) => [s.table, s.by.map((b) => b.column)]));
    const missing: string[] = [];
    for (const [table, columns] of personTables()) {
      if (table in notExported) continue;
      const by = covered.get(table);
      if (!by) missing.push(table);
      else for (const column of columns) if (!by.includes(column)) missing.push(`${table}.${column}`);
    }
    expect(missing).toEqual([]);
    // And every listed table exists in the schema.
    const names = new Set(
      (Object.values(schema) as unknown[])
        .filter((v): v is PgTable => v instanceof PgTable)
        .map((t) => getTableConfig(t).name),
    );
    expect(personalDataSources.map((s) => s.table).filter((t) => !names.has(t))).toEqual([]);
  });

  it("everyone downloads their own data as JSON and Excel, without secrets, and the download is in the trail", async () => {
    const me = await employeeIn(w, "Exporteur");
    await getDb().insert(tasks).values({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      senderId: w.admin.membership.id,
      receiverId: me.membership.id,
      type: "task",
      title: "Taak voor de export",
    });
    const { cookie } = await sessionCookieFor({ userId: me.user.id, accountId: w.account.id, clusterId: w.cluster.id });
    const response = (await download("?format=json", cookie)) as Response;
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const body = await response.text();
    const data = JSON.parse(body) as {
      format: string;
      person: string;
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(data.format).toBe("personal-data/1");
    expect(data.person).toBe(me.user.id);
    expect(data.tables.users[0]).toMatchObject({ id: me.user.id, email: me.user.email });
    expect(data.tables.memberships.map((m) => m.id)).toEqual([me.membership.id]);
    expect(data.tables.tasks.map((t) => t.title)).toContain("Taak voor de export");
    expect(body).not.toMatch(/password_hash|\$argon2|\$2[aby]\$/);
    const xlsx = (await download("?format=xlsx", cookie)) as Response;
    expect(xlsx.headers.get("Content-Type")).toContain("spreadsheetml");
    const trail = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetUserId, me.user.id), eq(auditEvents.action, "export.personalData")));
    expect(trail.map((r) => (r.data as { format: string }).format).sort()).toEqual(["json", "xlsx"]);
  });

  it("an account admin exports anyone of their account; others, and anyone of another account, get a 404", async () => {
    const person = await employeeIn(w, "Medewerker");
    const answer = (await download(`?format=json&person=${person.user.id}`, w.cookie)) as Response;
    expect(((await answer.json()) as { person: string }).person).toBe(person.user.id);
    // Another account's admin asks for this account's person: 404, nothing about them.
    const foreign = (await download(`?format=json&person=${person.user.id}`, other.cookie)) as Response;
    expect(foreign.status).toBe(404);
    // A colleague who is no account admin: 404 for someone else, and a bad id too.
    const { cookie } = await sessionCookieFor({
      userId: person.user.id,
      accountId: w.account.id,
      clusterId: w.cluster.id,
    });
    expect(((await download(`?format=json&person=${w.admin.user.id}`, cookie)) as Response).status).toBe(404);
    expect(((await download(`?format=json&person=nonsense`, w.cookie)) as Response).status).toBe(404);
  });
});
