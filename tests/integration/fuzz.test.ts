import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { demoUsers } from "../../seed/demo-data";
import { startApp, type RunningApp } from "../support/app-server";
import { demoWorld, type DemoRole, type DemoWorld, type TenantData } from "../support/demo-world";
import {
  apiRequest,
  badValue,
  formBody,
  fuzzedFields,
  fuzzTargets,
  pageQuery,
  planCases,
  postFormsOf,
  randomSource,
  unescapedEcho,
  type ApiVariant,
  type Built,
  type Case,
  type FormVariant,
  type PageForm,
  type Random,
  type Target,
} from "../support/fuzz";
import { idRoutes } from "../support/route-ids";
import { sessionCookieFor } from "../support/session";

/*
 * The fuzz test (issue 33, docs/decisions/1440): every form route, every API operation and every page's
 * query string, found from the route manifest, gets malformed bodies, wrong content types, control
 * characters, huge and negative numbers, invalid dates, long strings and injection strings, over HTTP
 * against the real app and PostgreSQL, as the demo users of Demo BV. It fails on any 5xx, on an injected
 * tag echoed unescaped into HTML, and on any change to Andere BV's rows (the other tenant, whose real ids
 * are among the values sent). CI draws FUZZ_REQUESTS (1,000) cases with FUZZ_SEED (33); `npm run fuzz`
 * sends the full set (FUZZ_ALL=1: every target × role × body kind).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 33);
const COUNT = Number(process.env.FUZZ_REQUESTS ?? 1000);
const ALL = process.env.FUZZ_ALL === "1";
// The app runs in this process (one thread): two in flight keep PostgreSQL busy without slowing each render.
const PARALLEL = 2;
const roles: DemoRole[] = ["admin", "hr", "leider", "medewerker"];

let app: RunningApp;
let world: DemoWorld;
let targets: Target[];
let andereAccount: string;
let before: Map<string, string>;
const cookies = new Map<DemoRole, string>();

beforeAll(async () => {
  world = await demoWorld();
  for (const role of roles) cookies.set(role, world.cookies[role]);
  targets = await fuzzTargets();
  app = await startApp();
  andereAccount = (await userPlace(demoUsers.andere)).accountId;
  before = await tenantChecksums(andereAccount);
}, 240_000);

afterAll(async () => {
  await app?.close();
});

/** A checksum of every row of the account in every table with an account_id (and the account itself). */
async function tenantChecksums(accountId: string): Promise<Map<string, string>> {
  const tables = await getDb().execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'account_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`);
  const sums = new Map<string, string>();
  for (const { table_name: table } of tables.rows) {
    const result = await getDb().execute<{ n: number; sum: string | null }>(sql`
      select count(*)::int as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as sum
      from ${sql.identifier(table)} t where t.account_id = ${accountId}`);
    sums.set(table, `${result.rows[0].n}:${result.rows[0].sum}`);
  }
  const account = await getDb().execute<{ sum: string }>(
    sql`select md5(a::text) as sum from accounts a where a.id = ${accountId}`,
  );
  sums.set("accounts", account.rows[0]?.sum ?? "");
  return sums;
}

async function userPlace(email: string) {
  const rows = await getDb().execute<{ user_id: string; account_id: string; cluster_id: string }>(sql`
    select u.id as user_id, u.account_id, m.cluster_id from users u
    join memberships m on m.user_id = u.id and m.deleted_at is null
    join clusters c on c.id = m.cluster_id
    where lower(u.email) = ${email} order by c.created_at limit 1`);
  const row = rows.rows[0];
  return { userId: row.user_id, accountId: row.account_id, clusterId: row.cluster_id };
}

/** A fuzzed write may end the session (sign-out, a password change): the next request gets a new one. */
async function renewCookie(role: DemoRole) {
  const place = await userPlace(demoUsers[role]).catch(() => null);
  if (place) cookies.set(role, (await sessionCookieFor(place)).cookie);
}

function idsOf(data: TenantData): string[] {
  const { led, other, ...rest } = data;
  return [...new Set([...Object.values(rest), ...Object.values(led), ...Object.values(other)])];
}

/** A path segment: lone surrogates (which encodeURIComponent refuses) become U+FFFD, as a browser sends them. */
const segment = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );

const segments = [
  "inbox",
  "sent",
  "active",
  "members",
  "card",
  "table",
  "grid",
  "new",
  "edit",
  "add",
  "details",
  "settings",
];

/** The URL path of a target: real ids the role may use (or the other account's, now and then), else fuzz. */
function pathOf(target: Target, role: DemoRole, r: Random, foreign: string[]): string {
  const entry = idRoutes[target.file];
  let values: Record<string, string> = {};
  if (entry && !("notTenantData" in entry)) {
    const tenant = r.chance(0.15) ? world.andere : world.demo;
    const team = role === "leider" || r.chance(0.5) ? tenant.led : tenant.other;
    values = entry.params(tenant, team);
  }
  let path = target.path.replace(/:(\w+)/g, (_, name: string) =>
    segment(values[name] ?? (r.chance(0.5) ? r.pick(segments) : badValue(r, foreign).slice(0, 200))),
  );
  if (path.endsWith("*")) path = path.slice(0, -1) + segment(badValue(r, foreign).slice(0, 200));
  return path.replace(/\/+$/, "") || "/";
}

const harvested = new Map<string, PageForm[]>();

type Failure = string;
const failures: Failure[] = [];
const statuses = new Map<number, number>();
let sent = 0;

async function send(url: string, built: Built, role: DemoRole, note: string) {
  const headers = { ...built.headers, Cookie: cookies.get(role)!, "Accept-Language": "nl" };
  const response = await fetch(app.url + url, {
    method: built.method,
    headers,
    body: built.body as BodyInit | undefined,
    redirect: "manual",
  });
  const text = await response.text();
  sent += 1;
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const what = `${role} ${built.method} ${url.slice(0, 160)} [${note}]`;
  if (response.status >= 500) {
    const body = typeof built.body === "string" ? built.body : built.body ? new TextDecoder().decode(built.body) : "";
    failures.push(
      `${response.status} ${what} ${built.headers["Content-Type"] ?? "-"} ${JSON.stringify(body.slice(0, 300))}`,
    );
  }
  if ((response.headers.get("Content-Type") ?? "").includes("text/html")) {
    const echo = unescapedEcho(text);
    if (echo) failures.push(`unescaped ${JSON.stringify(echo)} in ${what}`);
  }
  const location = response.headers.get("Location") ?? "";
  if (
    (response.status === 302 && location.startsWith("/login")) ||
    (response.status === 401 && url.startsWith("/api/"))
  )
    await renewCookie(role);
  return { status: response.status, text };
}

/** The post forms the page shows this role (read once per URL and role): real field names and ids to fuzz. */
async function formsOf(path: string, role: DemoRole): Promise<PageForm[]> {
  const key = `${role} ${path}`;
  const known = harvested.get(key);
  if (known) return known;
  const page = await send(path, { method: "GET", headers: {} }, role, "read forms");
  const forms = page.status === 200 ? postFormsOf(page.text) : [];
  harvested.set(key, forms);
  return forms;
}

async function run(c: Case, foreign: string[]) {
  const target = targets[c.target];
  const role = roles[c.role];
  const r = randomSource(c.seed);
  const path = pathOf(target, role, r, foreign);
  if (target.kind === "page") {
    await send(path + pageQuery(r, foreign), { method: "GET", headers: {} }, role, `${target.file} query`);
    return;
  }
  if (target.kind === "api") {
    const request = apiRequest(c.variant as ApiVariant, target, r, foreign);
    await send(path + request.query, request, role, `${target.file} ${c.variant}`);
    return;
  }
  const variant = c.variant as FormVariant;
  const forms = variant === "form" || variant === "multipart" ? await formsOf(path, role) : [];
  const built = formBody(variant, fuzzedFields(r, forms, foreign), r);
  await send(path + (target.index ? "?index" : ""), built, role, `${target.file} ${variant}`);
}

test(
  "no 5xx, no unescaped echo and no change to another tenant, whatever is sent",
  async () => {
    const started = Date.now();
    const foreign = idsOf(world.andere);
    const cases = planCases(targets, roles.length, { seed: SEED, count: COUNT, all: ALL });
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < cases.length) {
          const c = cases[next++];
          // No answer at all (a reset connection, a hung request) is a failure like a 500.
          await run(c, foreign).catch((error: unknown) =>
            failures.push(
              `no answer to ${targets[c.target].file} ${c.variant}: ${String(error)} ${String((error as { cause?: unknown }).cause)}`,
            ),
          );
        }
      }),
    );
    const after = await tenantChecksums(andereAccount);
    for (const [table, sum] of before)
      if (after.get(table) !== sum) failures.push(`Andere BV's rows in ${table} changed`);

    const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `fuzz: ${sent} requests (${cases.length} cases, seed ${SEED}, ${targets.length} targets) in ${Math.round((Date.now() - started) / 1000)} s: ${counts.join(" ")}; ` +
        `${[...harvested.values()].filter((f) => f.length).length} of ${harvested.size} pages read had post forms`,
    );
    expect(sent).toBeGreaterThanOrEqual(Math.min(COUNT, cases.length));
    expect(failures.join("\n")).toBe("");
  },
  ALL ? 3_600_000 : 600_000,
);
