/**
 * The benchmark's baseline (issue 4 "Scale"): a bare node:http + pg server that runs the same SQL as
 * the app's loaders for the personnel list, a personnel search and the dashboard, for the HR user of
 * Groot BV, and returns the same rows as plain HTML. Its only other work is ours' one guard query (the session,
 * user, cluster, roles and rights, app/utils/tenant-query.server.ts) for the session in the request's cookie,
 * whose account and cluster the page then reads, and the signed-in layout's one query (the tasks badge).
 * No framework, no React, no rights checks.
 *
 *   PORT=4000 DATABASE_URL=… tsx scripts/bench-bare.ts [hr e-mail]
 *
 * Keep the SQL in step with app/features/employees/employee-list.server.ts (listEmployees,
 * listFilterOptions), the signed-in layout's task badge (countUnseenTasks) and the dashboard's blocks (dashboardBlocks).
 */
import http from "node:http";
import pg from "pg";
import { tenantQuery, type TenantRow } from "../app/utils/tenant-query.server";

const PAGE_SIZE = 50;
const url = process.env.DATABASE_URL;
if (!url) throw new Error("Set DATABASE_URL");
const hrEmail = process.argv[2] ?? "hr@groot.nl";
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });

// The pages read the signed-in user's cluster (tenantOf); this only checks that Groot BV is there.
const seeded = (
  await pool.query<{ account_id: string }>(
    `select m.account_id from users u join memberships m on m.user_id = u.id
     where lower(u.email) = lower($1) and m.deleted_at is null order by m.created_at limit 1`,
    [hrEmail],
  )
).rows[0];
if (!seeded) throw new Error(`No membership for ${hrEmail}: run npm run seed:large first`);

/** As ours (executePrepared, the dashboard's query): every statement is a named prepared one, one name per text. */
const names = new Map<string, string>();
function query(text: string, values: unknown[]) {
  let name = names.get(text);
  if (!name) names.set(text, (name = `bare_${names.size}`));
  return pool.query({ name, text, values });
}

const esc = (v: unknown) =>
  String(v ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** listEmployees for the active tab, sorted by name, with an optional search: the page and the count side by side. */
async function listEmployees(me: Me, q: string, page: number) {
  const params: unknown[] = [me.account_id, me.cluster_id];
  let search = "";
  if (q) {
    params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    search = ` and m.id in (
      select sm.id from memberships sm join users su on su.id = sm.user_id
      where sm.cluster_id = $2 and su.account_id = $1
        and ((su.first_name || ' ' || su.last_name) ilike $3 or su.email ilike $3)
      union
      select sm.id from memberships sm where sm.cluster_id = $2 and sm.employee_number ilike $3)`;
  }
  const memberships = `m.account_id = $1 and m.cluster_id = $2 and m.deleted_at is null and m.status = 'active'`;
  const filter = `${memberships} and u.account_id = $1${search}`;
  const n = params.length;
  const pageQuery = (withTotal: boolean) =>
    query(
      `with page as (
        select m.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
               m.employee_number as "employeeNumber", m.status, m.access, m.invited
               ${withTotal ? ", count(*) over ()::int as total" : ""}
        from memberships m join users u on u.id = m.user_id
        where ${filter}
        order by lower(u.last_name) asc, lower(u.first_name) asc, u.id asc
        limit $${n + 1} offset $${n + 2}
      )
      select page.*, coalesce((
        select array_agg(t.name order by t.name) from role_assignments ra join teams t on t.id = ra.team_id
        where ra.membership_id = page.id and ra.role_key in ('team_member', 'team_admin') and t.deleted_at is null
      ), '{}') as teams
      from page`,
      [...params, PAGE_SIZE, (page - 1) * PAGE_SIZE],
    );
  // As ours: a search counts in the same pass (window), a plain page counts memberships beside it.
  const [pageResult, countResult] = q
    ? [await pageQuery(true), null]
    : await Promise.all([
        pageQuery(false),
        query(`select count(*)::int as total from memberships m where ${memberships}`, params),
      ]);
  const rows = pageResult.rows as {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    employeeNumber: string | null;
    status: string;
    access: boolean;
    teams: string[];
  }[];
  const total = ((countResult ?? pageResult).rows[0] as { total?: number } | undefined)?.total ?? 0;
  return { rows, total };
}

/** listFilterOptions: teams (none above TEAM_SELECT_LIMIT = 50, as ours) and personnel tags. */
async function listFilterOptions(me: Me) {
  const p = [me.account_id, me.cluster_id];
  const [teams, tags] = await Promise.all([
    query(
      `select id, name from teams where account_id = $1 and cluster_id = $2 and deleted_at is null order by name limit 51`,
      p,
    ),
    query(
      `select id, name from tags where account_id = $1 and cluster_id = $2 and kind = 'personnel' order by name`,
      p,
    ),
  ]);
  return { teams: teams.rows.length > 50 ? [] : teams.rows, tags: tags.rows };
}

async function listMyTeams(me: Me) {
  const result = await query(
    `select t.id, t.name,
           bool_or(ra.role_key = 'team_admin') as is_leader,
           (select count(*)::int from role_assignments m
             where m.team_id = t.id and m.role_key = 'team_member') as member_count
    from role_assignments ra
    join teams t on t.id = ra.team_id and t.deleted_at is null
    where ra.membership_id = $1 and ra.cluster_id = $2 and ra.account_id = $3
      and ra.role_key in ('team_member', 'team_admin')
    group by t.id, t.name
    order by t.name`,
    [me.membership_id, me.cluster_id, me.account_id],
  );
  return result.rows as { id: string; name: string; is_leader: boolean; member_count: number }[];
}

async function personnelPage(me: Me, q: string, page: number) {
  const [{ rows, total }, options] = await Promise.all([listEmployees(me, q, page), listFilterOptions(me)]);
  const select = (name: string, list: { id: string; name: string }[]) =>
    `<select name="${name}">${list.map((o) => `<option value="${o.id}">${esc(o.name)}</option>`).join("")}</select>`;
  return `<!doctype html><html><body><h1>Personeel</h1><p>${total}</p>
<form>${select("team", options.teams)}${select("tag", options.tags)}</form>
<table>${rows
    .map(
      (r) =>
        `<tr><td>${esc(r.lastName)}, ${esc(r.firstName)}</td><td>${esc(r.email)}</td><td>${esc(r.employeeNumber)}</td><td>${esc(r.status)}</td><td>${r.access}</td><td>${esc(r.teams.join(", "))}</td></tr>`,
    )
    .join("")}</table></body></html>`;
}

/**
 * The dashboard's blocks for the HR user of Groot BV, the statements ours runs (app/routes/_app+/dashboard+/index.tsx):
 * my teams and their open team reviews, my started dialogs, my latest flow measurement, my ambition and my
 * review history. Keep in step with listMyTeams, openTeamReviews, dialogProgressFor, myFlowZones, getAmbition
 * and myReviewHistory (the follow-up queries for dialog actions and flow activities run only when there are rows).
 */
async function dashboardBlocks(me: Me) {
  const teams = await listMyTeams(me);
  const tenant = [me.account_id, me.cluster_id];
  const [reviews, dialogs, flows, ambition, history] = await Promise.all([
    teams.length
      ? query(
          `select distinct on (r.team_id) r.team_id, r.id, coalesce(round.name, r.name) as name,
             coalesce(r.deadline, round.deadline)::text as deadline,
             exists (select 1 from review_reviewers rr where rr.review_id = r.id and rr.membership_id = $1) as may_evaluate
           from reviews r left join reviews round on round.id = r.parent_id
           where r.type = 'team' and not r.is_finished and r.deleted_at is null
             and r.account_id = $2 and r.cluster_id = $3 and r.team_id = any($4::uuid[])
           order by r.team_id, r.created_at desc`,
          [me.membership_id, ...tenant, teams.map((t) => t.id)],
        )
      : { rows: [] },
    query(
      `select "dialogs"."id", "dialogs"."objective" from "dialogs" inner join "memberships" on "memberships"."id" = "dialogs"."membership_id"
       where (("dialogs"."account_id" = $1 and "dialogs"."cluster_id" = $2) and "memberships"."user_id" = $3 and "dialogs"."state" = $4)
       order by "dialogs"."created_at" desc limit $5`,
      [...tenant, me.user_id, "started", 20],
    ),
    query(
      `select "id", "account_id", "cluster_id", "membership_id", "created_by", "created_at", "scale_max", "flow_band", "stress_band"
       from "flow_measurements" where (("flow_measurements"."account_id" = $1 and "flow_measurements"."cluster_id" = $2)
         and "flow_measurements"."membership_id" = $3)
       order by "flow_measurements"."created_at" desc, "flow_measurements"."id" asc limit $4`,
      [...tenant, me.membership_id, 1],
    ),
    query(
      `select "ambitions"."role", "ambitions"."position_id", "positions"."name", "ambitions"."competence_id", "competences"."name",
         "ambitions"."text", "ambitions"."updated_at" from "ambitions"
       left join "positions" on "positions"."id" = "ambitions"."position_id"
       left join "competences" on "competences"."id" = "ambitions"."competence_id"
       where (("ambitions"."account_id" = $1 and "ambitions"."cluster_id" = $2) and "ambitions"."membership_id" = $3)`,
      [...tenant, me.membership_id],
    ),
    query(
      `select r.id as review_id, r.type, coalesce(round.name, r.name) as name,
         coalesce(r.team_name, (select rt.team_name from review_teams rt where rt.review_id = r.id and rt.team_id = s.team_id)) as team_name,
         case when r.type = 'team' then r.finished_at else s.finished_at end as finished_at,
         r.scale, s.performance, s.potential, s.employability, s.development_role
       from review_subjects s join reviews r on r.id = s.review_id left join reviews round on round.id = r.parent_id
       where s.membership_id = $1 and r.account_id = $2 and r.cluster_id = $3 and r.deleted_at is null
         and r.type in ($4, $5)
         and ((r.type = 'team' and r.is_finished) or (r.type = 'self' and s.finished_at is not null))
       order by 5 desc nulls last, r.created_at desc limit 50`,
      [me.membership_id, ...tenant, "team", "self"],
    ),
  ]);
  return {
    teams,
    reviews: reviews.rows,
    dialogs: dialogs.rows,
    flows: flows.rows,
    ambition: ambition.rows,
    history: history.rows,
  };
}

async function dashboardPage(me: Me) {
  const { teams, dialogs, history } = await dashboardBlocks(me);
  return `<!doctype html><html><body><h1>Dashboard</h1><table>${teams
    .map((t) => `<tr><td>${esc(t.name)}</td><td>${t.is_leader}</td><td>${t.member_count}</td></tr>`)
    .join("")}</table><p>${dialogs.length} ${history.length}</p></body></html>`;
}

type Me = { account_id: string; cluster_id: string; membership_id: string; user_id: string };

/** The session id in Remix's signed session cookie (the signature is not checked here). */
function sessionIdOf(cookieHeader: string | undefined): string | null {
  const raw = /(?:^|;\s*)(?:__Host-)?session=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  try {
    return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as string;
  } catch {
    return null;
  }
}

/** Ours' guard query, prepared under the same name as ours (app/utils/tenant.server.ts). */
async function tenantOf(cookieHeader: string | undefined): Promise<Me | null> {
  const sessionId = sessionIdOf(cookieHeader);
  if (!sessionId) return null;
  const { rows } = await pool.query<TenantRow>({ name: "tenant_request", text: tenantQuery, values: [sessionId] });
  const row = rows[0];
  return row?.cluster_id && row.membership_id
    ? { account_id: row.account_id, cluster_id: row.cluster_id, membership_id: row.membership_id, user_id: row.user_id }
    : null;
}

async function respond(cookieHeader: string | undefined, render: (me: Me) => Promise<string>) {
  const tenant = await tenantOf(cookieHeader);
  if (!tenant) return null;
  // Every page of ours has the signed-in layout, whose loader counts my unopened tasks (the navigation's badge).
  const [badge, html] = await Promise.all([
    query(
      `select count(*)::int from "tasks" where (("tasks"."account_id" = $1 and "tasks"."cluster_id" = $2) and "tasks"."type" = $3
         and "tasks"."receiver_id" = $4 and "tasks"."done" = $5 and "tasks"."seen_at" is null and "tasks"."archived_at" is null)`,
      [tenant.account_id, tenant.cluster_id, "task", tenant.membership_id, false],
    ),
    render(tenant),
  ]);
  return html.replace("<body>", `<body><nav>${badge.rows[0].count}</nav>`);
}

const server = http.createServer((req, res) => {
  const u = new URL(req.url ?? "/", "http://bare");
  const page = Math.max(1, Number.parseInt(u.searchParams.get("page") ?? "1", 10) || 1);
  const cookie = req.headers.cookie;
  const work =
    u.pathname === "/personnel/users/active"
      ? respond(cookie, (me) => personnelPage(me, u.searchParams.get("q")?.trim() ?? "", page))
      : u.pathname === "/dashboard"
        ? respond(cookie, (me) => dashboardPage(me))
        : u.pathname === "/healthcheck"
          ? Promise.resolve("OK")
          : null;
  if (!work) {
    res.writeHead(404).end("Not found");
    return;
  }
  work.then(
    (html) =>
      html === null
        ? res.writeHead(401).end("Sign in first")
        : res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html),
    (error: unknown) => {
      console.error(error);
      res.writeHead(500).end("Error");
    },
  );
});

const port = Number(process.env.PORT ?? 4000);
server.listen(port, "127.0.0.1", () => console.log(`bare listening on http://127.0.0.1:${port}`));
const shutdown = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
