import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accounts, auditEvents, roleRights } from "#db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { loader as auditLoader } from "~/routes/_app+/account+/audit";
import { action as rightsAction } from "~/routes/_app+/settings+/rights";
import { action as loginAction } from "~/routes/_public+/login";
import { loader as exportLoader } from "~/routes/resources+/audit-export";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run } from "../support/http";
import { employeeIn, orgWorld, postForm } from "../support/org";

let w: Awaited<ReturnType<typeof orgWorld>>;
let other: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld({ accountAdmin: true });
  other = await orgWorld({ accountAdmin: true });
});

const rowsOf = (accountId: string, action: string) =>
  getDb()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)));

type AuditPage = {
  rows: { id: number; action: string; actor: string | null; target: string | null }[];
  next: string | null;
};
const viewer = async (query: string, cookie = w.cookie) =>
  (await auditLoader({
    request: getRequest(`/account/audit${query}`, cookie),
    context: context(),
    params: {},
  })) as unknown as AuditPage;

describe("audit trail: written with the change", () => {
  it("a change that fails leaves no audit row; one that commits leaves exactly one", async () => {
    const db = getDb();
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { accountId: w.account.id, action: "settings.account", data: { marker: "rolled-back" } });
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    await db.transaction(async (tx) => {
      await recordAudit(tx, { accountId: w.account.id, action: "settings.account", data: { marker: "committed" } });
    });
    const rows = await rowsOf(w.account.id, "settings.account");
    expect(rows.map((r) => (r.data as { marker?: string } | null)?.marker).filter(Boolean)).toEqual(["committed"]);
  });

  it("a saved rights change records the role and the rights added and removed, no personal content", async () => {
    const current = await getDb()
      .select({ right: roleRights.rightKey })
      .from(roleRights)
      .where(and(eq(roleRights.clusterId, w.cluster.id), eq(roleRights.roleKey, "team_admin")));
    const before = (await rowsOf(w.account.id, "rights.change")).length;
    const saved = await run(() =>
      rightsAction({
        request: postForm("/settings/rights", { role: "team_admin", rights: current.map((r) => r.right) }, w.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(saved).toBeInstanceOf(Response);
    const rows = await rowsOf(w.account.id, "rights.change");
    expect(rows.length).toBe(before + 1);
    expect(rows[rows.length - 1]).toMatchObject({
      actorUserId: w.admin.user.id,
      clusterId: w.cluster.id,
      subjectId: "team_admin",
      data: { role: "team_admin", added: [], removed: [] },
    });
  });

  it("fills in the person of a membership subject", async () => {
    const employee = await employeeIn(w);
    await recordAudit(getDb(), {
      accountId: w.account.id,
      actorUserId: w.admin.user.id,
      subjectType: "membership",
      subjectId: employee.membership.id,
      action: "membership.update",
    });
    const [row] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, employee.membership.id), eq(auditEvents.action, "membership.update")));
    expect(row.targetUserId).toBe(employee.user.id);
  });
});

describe("audit trail: append-only in the database", () => {
  it("refuses UPDATE, DELETE and TRUNCATE by the app's own role", async () => {
    const db = getDb();
    await recordAudit(db, { accountId: w.account.id, action: "settings.account" });
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string }; message?: string },
      );
      expect(error, String(statement.queryChunks)).not.toBeNull();
      expect(String(error?.cause?.message ?? error?.message)).toMatch(/append-only/);
    };
    await refused(sql`update audit_events set action = 'login' where account_id = ${w.account.id}`);
    await refused(sql`update audit_events set actor_user_id = null where account_id = ${w.account.id}`);
    await refused(sql`delete from audit_events where account_id = ${w.account.id}`);
    await refused(sql`truncate audit_events`);
    const [{ n }] = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_events where account_id = ${w.account.id}`,
      )
    ).rows;
    expect(n).toBeGreaterThan(0);
  });

  it("the account's own deletion (the end of the contract) takes its trail along", async () => {
    const db = getDb();
    const gone = await createAccount(db);
    await recordAudit(db, { accountId: gone.id, action: "settings.account" });
    await db.delete(accounts).where(eq(accounts.id, gone.id));
    expect(await rowsOf(gone.id, "settings.account")).toEqual([]);
  });
});

describe("audit trail: sign-ins", () => {
  it("records a failed sign-in of a known person without the typed address, and the successful one", async () => {
    const world = await orgWorld();
    const person = await createUserWithMembership(getDb(), {
      accountId: world.account.id,
      clusterId: world.cluster.id,
    });
    const post = (password: string) =>
      run(() =>
        loginAction({
          request: formRequest("/login", { email: person.user.email, password }),
          context: context("198.51.100.9"),
          params: {},
        }),
      );
    await post("wrong-password");
    await post(DEMO_PASSWORD);
    const failed = await rowsOf(world.account.id, "login.failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ targetUserId: person.user.id, actorUserId: null, ip: "198.51.100.9" });
    expect(JSON.stringify(failed[0].data)).not.toContain("@");
    expect((await rowsOf(world.account.id, "login")).map((r) => r.targetUserId)).toContain(person.user.id);
  });
});

describe("audit trail: the viewer", () => {
  it("shows the own account's rows only, filters by person, actor, action and period, pages by keyset", async () => {
    const db = getDb();
    const employee = await employeeIn(w, "Auditpersoon");
    const foreign = await employeeIn(other, "Auditpersoon");
    for (let i = 0; i < 55; i += 1) {
      await recordAudit(db, {
        accountId: w.account.id,
        clusterId: w.cluster.id,
        actorUserId: w.admin.user.id,
        subjectType: "membership",
        subjectId: employee.membership.id,
        action: "read.dialog",
      });
    }
    await recordAudit(db, {
      accountId: other.account.id,
      actorUserId: other.admin.user.id,
      subjectType: "membership",
      subjectId: foreign.membership.id,
      action: "read.dialog",
    });
    const first = await viewer("?person=Auditpersoon&action=read.dialog");
    expect(first.rows).toHaveLength(50);
    expect(first.rows.every((r) => r.target?.includes("Auditpersoon") && r.actor)).toBe(true);
    expect(first.next).not.toBeNull();
    const second = await viewer(`?person=Auditpersoon&action=read.dialog&before=${encodeURIComponent(first.next!)}`);
    expect(second.rows).toHaveLength(5);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(55);
    // Another account's admin sees none of these, whatever they ask for.
    const theirs = await viewer(`?person=Auditpersoon&action=read.dialog`, other.cookie);
    expect(theirs.rows).toHaveLength(1);
    const byForeignId = await viewer(`?person=${employee.user.email}`, other.cookie);
    expect(byForeignId.rows).toHaveLength(0);
    // Actor and period filters.
    expect((await viewer(`?actor=${encodeURIComponent(w.admin.user.email)}&action=read.dialog`)).rows).toHaveLength(50);
    expect((await viewer(`?action=read.dialog&to=2000-01-01`)).rows).toHaveLength(0);
    // A filter value that does not fit is no filter, never a 500.
    expect((await viewer(`?action=drop%20table&from=31-31-2020&before=x`)).rows.length).toBeGreaterThan(0);
  });

  it("is for account admins only", async () => {
    const world = await orgWorld();
    const result = await run(() =>
      auditLoader({ request: getRequest("/account/audit", world.cookie), context: context(), params: {} }),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/dashboard");
  });

  it("exports to CSV and .xlsx, formula-safe, and records the export", async () => {
    const db = getDb();
    const cluster = await createClusterFor(db, w.account.id, { name: '=HYPERLINK("http://x")' });
    await recordAudit(db, { accountId: w.account.id, clusterId: cluster.id, action: "settings.cluster" });
    const csv = (await exportLoader({
      request: getRequest("/resources/audit-export?format=csv&action=settings.cluster", w.cookie),
      context: context(),
      params: {},
    })) as Response;
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const xlsx = (await exportLoader({
      request: getRequest("/resources/audit-export?format=xlsx", w.cookie),
      context: context(),
      params: {},
    })) as Response;
    expect(xlsx.headers.get("Content-Type")).toContain("spreadsheetml");
    expect((await rowsOf(w.account.id, "export.audit")).length).toBe(2);
  });
});
