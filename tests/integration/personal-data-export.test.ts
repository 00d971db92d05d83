/**
 * A person's data export as a job (issue 35, decisions 1522, 1740 and 1965): asked for over HTTP (the routes'
 * actions and loaders with real requests and sessions), made by a real worker run of the job that writes the files
 * into PostgreSQL (nothing into DATA_DIR), announced by an e-mail the test SMTP server receives, downloaded (the
 * bytes the job stored, in pieces when large), expired (the clock set through the row), cleaned up, and removed
 * with an erasure; tenancy with another account's admin and a colleague.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import * as schema from "#db/schema";
import { auditEvents, personalDataExportFiles, personalDataExports, tasks } from "#db/schema";
import { stopSenderBoss } from "#jobs/boss.server";
import { startWorker, type RunningWorker } from "#jobs/worker";
import { closeTransport } from "~/features/email/transport.server";
import { erasePersonAs } from "~/features/privacy/erasure.server";
import {
  EXPIRED_EXPORT_KEEP_DAYS,
  EXPORT_CHUNK_BYTES,
  personalDataExportQueue,
  removeExpiredExports,
} from "~/features/privacy/personal-data-exports.server";
import { notExported, personalDataSources } from "~/features/privacy/personal-data-sources.server";
import { loader as profileLoader } from "~/routes/_app+/my+/profile.$tab";
import { loader as pageLoader } from "~/routes/_app+/personal-data.$id";
import { action as requestAction } from "~/routes/resources+/personal-data";
import { loader as fileLoader } from "~/routes/resources+/personal-data-file.$id.$format";
import { requireUser } from "~/utils/tenant.server";
import { context, cookieFrom, getRequest, run, unwrapData } from "../support/http";
import { employeeIn, orgWorld, postForm } from "../support/org";
import { refusing } from "../support/refusing";
import { handle } from "../support/remix-handler";
import { sessionCookieFor } from "../support/session";
import { readMail, startSmtpCapture } from "../support/smtp";
import { readXlsx } from "../support/xlsx";

let w: Awaited<ReturnType<typeof orgWorld>>;
let other: Awaited<ReturnType<typeof orgWorld>>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let worker: RunningWorker | undefined;
let dataDir: string;
const saved = { smtp: process.env.SMTP_URL, dataDir: process.env.DATA_DIR };

beforeAll(async () => {
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "personal-data-export-"));
  process.env.DATA_DIR = dataDir;
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  worker = await startWorker(process.env.DATABASE_URL);
  w = await orgWorld({ accountAdmin: true });
  other = await orgWorld({ accountAdmin: true });
});

afterAll(async () => {
  await worker?.stop();
  await stopSenderBoss();
  closeTransport();
  await smtp?.close();
  for (const [key, value] of [
    ["SMTP_URL", saved.smtp],
    ["DATA_DIR", saved.dataDir],
  ] as const)
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  await fs.promises.rm(dataDir, { recursive: true, force: true });
});

/** Asks for an export as the cookie's user; the answer is the redirect to its page (or a 404). */
async function requestExport(cookie: string, person?: string) {
  const answer = (await run(() =>
    requestAction({
      request: postForm("/resources/personal-data", person ? { person } : {}, cookie),
      context: context(),
      params: {},
    }),
  )) as Response;
  if (answer.status !== 302) return { status: answer.status, id: "" };
  const id = /^\/personal-data\/([0-9a-f-]{36})$/.exec(answer.headers.get("Location") ?? "")?.[1];
  expect(id).toBeDefined();
  return { status: 302, id: id! };
}

const page = async (id: string, cookie: string) => {
  const answer = await run(() =>
    pageLoader({ request: getRequest(`/personal-data/${id}`, cookie), context: context(), params: { id } }),
  );
  return answer instanceof Response ? { http: answer.status } : { http: 200, ...(unwrapData(answer).data as object) };
};

/** The newest request the profile's "Mijn gegevens" leads back to. */
const latestOnProfile = async (cookie: string) => {
  const answer = await profileLoader({
    request: getRequest("/my/profile/details", cookie),
    context: context(),
    params: { tab: "details" },
  });
  return (unwrapData(answer).data as { latestExport: { id: string } | null }).latestExport;
};

const file = (id: string, format: string, cookie: string) =>
  run(() =>
    fileLoader({
      request: getRequest(`/resources/personal-data-file/${id}/${format}`, cookie),
      context: context(),
      params: { id, format },
    }),
  ) as Promise<Response>;

/** Waits for the worker to finish the export (a condition with a deadline, not a sleep). */
async function readyExport(id: string) {
  for (const deadline = Date.now() + 30_000; ;) {
    const [row] = await getDb().select().from(personalDataExports).where(eq(personalDataExports.id, id));
    if (row && row.status !== "pending" && row.status !== "running") return row;
    if (Date.now() > deadline) throw new Error(`export ${id} is still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function mailTo(email: string) {
  for (const deadline = Date.now() + 15_000; ;) {
    const found = smtp.messages.filter((m) => m.envelopeTo.includes(email));
    if (found.length > 0) return found.map((m) => readMail(m.raw));
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The export's stored files, by format. */
async function storedFiles(id: string) {
  const rows = await getDb()
    .select()
    .from(personalDataExportFiles)
    .where(eq(personalDataExportFiles.exportId, id))
    .orderBy(personalDataExportFiles.format);
  return new Map(rows.map((r) => [r.format, r]));
}

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

  it("everyone asks for their own data: the job makes JSON and Excel, mails a link, the page downloads them", async () => {
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
    const { id } = await requestExport(cookie);
    const row = await readyExport(id);
    expect(row).toMatchObject({ status: "ready", progress: 100, personId: me.user.id, requestedBy: me.user.id });
    // The link works a week from the moment it was ready.
    const days = (row.expiresAt.getTime() - row.finishedAt!.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    // The worker wrote both files into PostgreSQL with the request's tenancy, and nothing into DATA_DIR.
    const stored = await storedFiles(id);
    expect([...stored.keys()]).toEqual(["json", "xlsx"]);
    for (const f of stored.values()) expect(f).toMatchObject({ accountId: w.account.id, clusterId: w.cluster.id });
    expect(fs.readdirSync(dataDir)).not.toContain("personal-data-exports");

    // The e-mail, in the requester's language, leads to the page and holds none of the data.
    const [mail] = await mailTo(me.user.email);
    expect(mail.subject).toBe("Je gegevensexport staat klaar");
    expect(mail.text).toContain(`/personal-data/${id}`);
    expect(`${mail.text}${mail.html}`).not.toContain("Taak voor de export");

    expect(await page(id, cookie)).toMatchObject({ http: 200, own: true, expired: false });
    expect((await latestOnProfile(cookie))?.id).toBe(id);
    const json = await file(id, "json", cookie);
    expect(json.status).toBe(200);
    expect(json.headers.get("Content-Type")).toContain("application/json");
    const bytes = Buffer.from(await json.arrayBuffer());
    expect(bytes.equals(stored.get("json")!.content)).toBe(true);
    expect(json.headers.get("Content-Length")).toBe(String(bytes.length));
    const body = bytes.toString("utf8");
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
    expect(Object.keys(data.tables)).toEqual(personalDataSources.map((s) => s.table));
    expect(body).not.toMatch(/password_hash|\$argon2|\$2[aby]\$/);
    const xlsx = await file(id, "xlsx", cookie);
    expect(xlsx.headers.get("Content-Type")).toContain("spreadsheetml");
    const workbook = Buffer.from(await xlsx.arrayBuffer());
    expect(workbook.equals(stored.get("xlsx")!.content)).toBe(true);
    const sheets = await readXlsx(workbook);
    expect(sheets.find((s) => s.name === "tasks")?.rows.flat()).toContain("Taak voor de export");
    expect((await file(id, "csv", cookie)).status).toBe(404);

    // The trail: the request and each download, with ids and formats only.
    const trail = await getDb()
      .select({ action: auditEvents.action, data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetUserId, me.user.id), sql`${auditEvents.action} like 'export.personalData%'`));
    expect(trail.map((r) => r.action).sort()).toEqual([
      "export.personalData",
      "export.personalData",
      "export.personalDataRequest",
    ]);
    expect(JSON.stringify(trail)).not.toContain(me.user.email);
  });

  it("an account admin exports anyone of the account; other accounts and colleagues get a 404", async () => {
    const person = await employeeIn(w, "Medewerker");
    const { id } = await requestExport(w.cookie, person.user.id);
    expect((await readyExport(id)).status).toBe("ready");
    expect(await page(id, w.cookie)).toMatchObject({ http: 200, own: false, personId: person.user.id });
    expect((await file(id, "json", w.cookie)).status).toBe(200);
    // Another account's admin: the request for this person, the page and the file are all 404.
    expect((await requestExport(other.cookie, person.user.id)).status).toBe(404);
    expect((await page(id, other.cookie)).http).toBe(404);
    expect((await file(id, "json", other.cookie)).status).toBe(404);
    // The person themselves did not ask for this one, and is no account admin: 404; nor may they ask for others.
    const { cookie } = await sessionCookieFor({
      userId: person.user.id,
      accountId: w.account.id,
      clusterId: w.cluster.id,
    });
    expect((await page(id, cookie)).http).toBe(404);
    expect(await latestOnProfile(cookie)).toBeNull();
    expect((await file(id, "xlsx", cookie)).status).toBe(404);
    expect((await requestExport(cookie, w.admin.user.id)).status).toBe(404);
    expect((await requestExport(w.cookie, "nonsense")).status).toBe(404);
    expect((await page("nonsense", w.cookie)).http).toBe(404);
  });

  it("after the link's time the download answers 410; the cleanup removes files, later the row, idempotently", async () => {
    const person = await employeeIn(w, "Verloopt");
    const { id } = await requestExport(w.cookie, person.user.id);
    await readyExport(id);
    const expire = (interval: string) =>
      getDb()
        .update(personalDataExports)
        .set({ expiresAt: sql`now() - ${interval}::interval` })
        .where(eq(personalDataExports.id, id));
    await expire("1 minute");
    const gone = await file(id, "json", w.cookie);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("Content-Type")).toContain("text/html");
    expect(await gone.text()).toContain("Deze download is verlopen");
    expect(await page(id, w.cookie)).toMatchObject({ http: 200, expired: true });

    expect((await storedFiles(id)).size).toBe(2);
    const first = await removeExpiredExports();
    expect(first.files).toBeGreaterThanOrEqual(1);
    // The bytes are gone; the request stays, so that its link says "expired".
    expect((await storedFiles(id)).size).toBe(0);
    const [kept] = await getDb().select().from(personalDataExports).where(eq(personalDataExports.id, id));
    expect(kept.status).toBe("ready");
    expect((await file(id, "json", w.cookie)).status).toBe(410);
    // Again: nothing of this export left to do.
    const again = await removeExpiredExports();
    expect(again.files).toBe(0);
    await expire(`${EXPIRED_EXPORT_KEEP_DAYS + 1} days`);
    expect((await removeExpiredExports()).rows).toBeGreaterThanOrEqual(1);
    expect(await getDb().select().from(personalDataExports).where(eq(personalDataExports.id, id))).toEqual([]);
    expect(await removeExpiredExports()).toEqual({ files: 0, rows: 0 });
    expect((await file(id, "json", w.cookie)).status).toBe(404);
  });

  it("a request whose job cannot be stored goes back to the page that asked, with the message; nothing is written", async () => {
    const person = await employeeIn(w, "Geweigerd");
    const page = `/personnel/user/${person.user.id}/details`;
    const requests = sql`select count(*)::int as n from personal_data_exports where person_id = ${person.user.id}`;
    const trail = sql`select count(*)::int as n from audit_events
      where target_user_id = ${person.user.id} and action = 'export.personalDataRequest'`;
    const count = async (query: typeof requests) => (await getDb().execute<{ n: number }>(query)).rows[0].n;
    // The job's insert refused (decision 1991): the request and its trail line are rolled back with it.
    await refusing("pgboss.job", "insert", `new.name = '${personalDataExportQueue}'`, async () => {
      const answer = await handle(
        postForm("/resources/personal-data", { person: person.user.id, returnTo: page }, w.cookie),
      );
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(page);
      const back = await handle(getRequest(page, `${w.cookie}; ${cookieFrom(answer)}`));
      expect(await back.text()).toContain("Gegevensexport niet toegevoegd. Je wijzigingen zijn niet opgeslagen.");
    });
    expect(await count(requests)).toBe(0);
    expect(await count(trail)).toBe(0);
    // A returnTo off this site falls back to the profile.
    await refusing("pgboss.job", "insert", `new.name = '${personalDataExportQueue}'`, async () => {
      const answer = await handle(postForm("/resources/personal-data", { returnTo: "//evil.example/x" }, w.cookie));
      expect(answer.headers.get("Location")).toBe("/my/profile/details");
    });
    // Without the refusal the same request is stored, with its job.
    const { id } = await requestExport(w.cookie, person.user.id);
    expect((await readyExport(id)).status).toBe("ready");
  });

  it("erasing a person deletes their exports and the files", async () => {
    const person = await employeeIn(w, "Gewist");
    const { id } = await requestExport(w.cookie, person.user.id);
    await readyExport(id);
    expect((await storedFiles(id)).size).toBe(2);
    const ctx = await requireUser(getRequest("/personnel/users/active", w.cookie));
    expect(await erasePersonAs(ctx, null, person.user.id)).toEqual({ ok: true });
    expect(await getDb().select().from(personalDataExports).where(eq(personalDataExports.id, id))).toEqual([]);
    expect((await storedFiles(id)).size).toBe(0);
    expect((await file(id, "json", w.cookie)).status).toBe(404);
  });

  it("streams a file larger than one piece whole, byte for byte, and another account's admin gets a 404", async () => {
    const person = await employeeIn(w, "Groot");
    const { id } = await requestExport(w.cookie, person.user.id);
    await readyExport(id);
    // Two and a half pieces of bytes that no piece boundary can shift unnoticed.
    const large = Buffer.alloc(Math.floor(EXPORT_CHUNK_BYTES * 2.5));
    for (let i = 0; i < large.length; i++) large[i] = (i * 7 + (i >> 11)) & 0xff;
    await getDb()
      .update(personalDataExportFiles)
      .set({ content: large })
      .where(and(eq(personalDataExportFiles.exportId, id), eq(personalDataExportFiles.format, "json")));
    const answer = await file(id, "json", w.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Length")).toBe(String(large.length));
    expect(Buffer.from(await answer.arrayBuffer()).equals(large)).toBe(true);
    expect((await file(id, "json", other.cookie)).status).toBe(404);
  });
});
