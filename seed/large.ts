/**
 * Benchmark data (issue 4 "Scale"): the account Groot BV with one cluster of 10,000 employees in
 * 800 teams, with a contract, a position and personnel tags each, plus the HR user
 * hr@groot.nl / Welkom!2026 (cluster_admin); two finished team-review rounds six months apart
 * (seed/large-team-reviews.ts, decision 1964), competences and planning needs.
 *
 *   npm run seed:large   (tsx seed/large.ts) migrates DATABASE_URL and seeds it; does nothing when Groot BV exists.
 *   SEED_LARGE_PEOPLE=100000 npm run seed:large   seeds "Groot BV 100k" (8,000 teams, hr100k@groot.nl) beside it
 *   (seed/large-size.ts, decision 1800).
 *
 * Fast: every table is filled by one `insert … select … from generate_series` in a single
 * transaction, with one password hash for every user (the services write a row at a time: minutes
 * for this much). Only the cluster goes through its service, createCluster.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { createCluster } from "~/features/account/clusters.server";
import { hashPassword } from "~/features/auth/password.server";
import { moduleKeys } from "~/utils/modules";
import { runMigrations } from "#db/migrate";
import * as schema from "#db/schema";
import { accountModules, accounts } from "#db/schema";
import { DEMO_PASSWORD } from "./demo-data";
import { seedLargeCompetences } from "./large-competences";
import { largeSize, largeSizeFromEnv, type LargeSize } from "./large-size";
import { seedLargeTeamReviews } from "./large-team-reviews";

export { LARGE_EMPLOYEES, LARGE_TEAMS } from "./large-size";
const defaultSize = largeSize();
export const LARGE_ACCOUNT_NAME = defaultSize.accountName;
export const LARGE_HR_EMAIL = defaultSize.hrEmail;
export const LARGE_HR_PASSWORD = DEMO_PASSWORD;
const POSITIONS = 40;
const TAGS = 60;

const firstNames = [
  "Anna", "Emma", "Sophie", "Julia", "Sanne", "Lisa", "Eva", "Fleur", "Iris", "Femke", "Noor", "Anouk",
  "Jan", "Pieter", "Thomas", "Lucas", "Bram", "Sem", "Ruben", "Jeroen", "Bas", "Mark", "Tim", "Niels",
  "Joost", "Willem", "Koen", "Martijn", "Stijn", "Mohammed", "Fatima", "Esther", "Ingrid", "Marloes",
]; // prettier-ignore
const lastNames = [
  "de Vries", "van der Berg", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "de Groot", "Bos",
  "Vos", "Peters", "Hendriks", "van Leeuwen", "Dekker", "Brouwer", "de Wit", "Dijkstra", "Smits", "de Graaf",
  "van der Meer", "van der Linden", "Kok", "Jacobs", "de Haan", "Vermeulen", "van den Heuvel", "van Dijk",
  "Schouten", "Willems", "Hoekstra", "Koster", "Prins", "Huisman", "van Wijk", "Postma", "Kramer", "Yilmaz",
]; // prettier-ignore

function textArray(values: readonly string[]) {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;
}

export type LargeSeedResult = { created: boolean; accountId: string; clusterId: string; seconds: number };

/** Seeds Groot BV (or the account of another `size`) into the database at `databaseUrl` (already migrated) unless it exists. */
export async function seedLarge(databaseUrl: string, size: LargeSize = defaultSize): Promise<LargeSeedResult> {
  const { people, teams, numberWidth: w } = size;
  const started = Date.now();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = drizzle(pool, { schema });
  try {
    const existing = await db.execute<{ account_id: string; cluster_id: string }>(sql`
      select a.id as account_id, c.id as cluster_id from accounts a join clusters c on c.account_id = a.id
      where a.name = ${size.accountName} order by c.created_at limit 1`);
    if (existing.rows[0]) {
      // Competence data (#19) and the earlier round (1964) came later: an existing Groot BV gets them once.
      const ids = { accountId: existing.rows[0].account_id, clusterId: existing.rows[0].cluster_id };
      const rounds = await seedLargeTeamReviews(db, ids);
      if ((await seedLargeCompetences(db, ids)) || rounds.created) await pool.query("vacuum (analyze)");
      return {
        created: false,
        accountId: existing.rows[0].account_id,
        clusterId: existing.rows[0].cluster_id,
        seconds: (Date.now() - started) / 1000,
      };
    }
    const passwordHash = await hashPassword(LARGE_HR_PASSWORD);
    const { accountId, clusterId } = await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          name: size.accountName,
          licenceStatus: "active",
          licensedTeams: teams + 100,
          licensedEmployees: people + 1000,
          licenceExpiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
          country: "NL",
          city: "Utrecht",
        })
        .returning({ id: accounts.id });
      await tx.insert(accountModules).values(moduleKeys.map((moduleKey) => ({ accountId: account.id, moduleKey })));
      const cluster = await createCluster(tx, { accountId: account.id, name: size.accountName, modules: moduleKeys });
      const a = account.id;
      const c = cluster.id;

      await tx.execute(sql`
        insert into teams (account_id, cluster_id, name)
        select ${a}, ${c}, 'Team ' || lpad(i::text, ${String(teams).length}, '0') from generate_series(1, ${teams}) i`);
      await tx.execute(sql`
        insert into positions (account_id, cluster_id, name, code, levels)
        select ${a}, ${c}, 'Functie ' || lpad(i::text, 2, '0'), 'F' || i, 3 from generate_series(1, ${POSITIONS}) i`);
      await tx.execute(sql`
        insert into tags (account_id, cluster_id, kind, name)
        select ${a}, ${c}, 'personnel', 'Label ' || lpad(i::text, 2, '0') from generate_series(1, ${TAGS}) i`);

      // Users 1..N are employees; the HR user is inserted separately.
      const fn = textArray(firstNames);
      const ln = textArray(lastNames);
      await tx.execute(sql`
        insert into users (account_id, email, first_name, last_name, language, password_hash, email_verified_at,
                           first_login_at, birthday, city, country)
        select ${a}, 'medewerker' || lpad(i::text, ${w}, '0') || ${"@" + size.emailDomain},
               (${fn})[1 + i % ${firstNames.length}], (${ln})[1 + (i * 7) % ${lastNames.length}],
               'nl', ${passwordHash}, now(), now(),
               date '1960-01-01' + (i * 37) % 14000, 'Utrecht', 'NL'
        from generate_series(1, ${people}) i`);
      await tx.execute(sql`
        insert into memberships (account_id, cluster_id, user_id, employee_number, status, access)
        select ${a}, ${c}, u.id, substring(u.email from 11 for ${w}),
               case when substring(u.email from 11 for ${w})::int % 20 = 0 then 'inactive' else 'active' end,
               substring(u.email from 11 for ${w})::int % 4 <> 0
        from users u where u.account_id = ${a}`);

      // Numbered memberships and teams, to spread people deterministically.
      await tx.execute(sql`
        create temporary table large_m on commit drop as
        select m.id, m.employee_number::int as n from memberships m where m.cluster_id = ${c}`);
      await tx.execute(sql`
        create temporary table large_t on commit drop as
        select t.id, substring(t.name from 6)::int as n from teams t where t.cluster_id = ${c}`);
      await tx.execute(sql`
        insert into role_assignments (account_id, cluster_id, membership_id, role_key, level)
        select ${a}, ${c}, m.id, 'employee', 'cluster' from large_m m`);
      // Each employee is a member of one team (12–13 per team); the first `teams` lead a team too.
      await tx.execute(sql`
        insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
        select ${a}, ${c}, m.id, 'team_member', 'team', t.id from large_m m join large_t t on t.n = 1 + m.n % ${teams}`);
      await tx.execute(sql`
        insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
        select ${a}, ${c}, m.id, 'team_admin', 'team', t.id from large_m m join large_t t on t.n = m.n
        where m.n <= ${teams}`);
      await tx.execute(sql`
        insert into contracts (account_id, cluster_id, membership_id, position_id, start_date, end_date, fte,
                               hours_per_week, is_temporary)
        select ${a}, ${c}, m.id, p.id, date '2020-01-01' + m.n % 1500, date '2030-12-31',
               case when m.n % 3 = 0 then 0.8 else 1.0 end, case when m.n % 3 = 0 then 32 else 40 end, m.n % 10 = 0
        from large_m m
        join positions p on p.cluster_id = ${c} and p.name = 'Functie ' || lpad((1 + m.n % ${POSITIONS})::text, 2, '0')`);
      // Workforce planning (1550): each team needs two positions at every horizon.
      await tx.execute(sql`
        insert into planning_needs (account_id, cluster_id, team_id, position_id, horizon, employees, fte, reason)
        select ${a}, ${c}, t.id, p.id, h.horizon, 5 + t.n % 5, 4 + t.n % 4, 'Bezetting volgens het rooster'
        from large_t t
        join positions p on p.cluster_id = ${c} and p.name in ('Functie ' || lpad((1 + t.n % ${POSITIONS})::text, 2, '0'),
                                                               'Functie ' || lpad((1 + (t.n + 1) % ${POSITIONS})::text, 2, '0'))
        cross join (values ('current'), ('1y'), ('5y')) as h(horizon)`);
      await tx.execute(sql`
        insert into membership_tags (account_id, cluster_id, membership_id, tag_id)
        select distinct ${a}::uuid, ${c}::uuid, m.id, g.id
        from large_m m
        join tags g on g.cluster_id = ${c} and g.kind = 'personnel'
         and g.name in ('Label ' || lpad((1 + m.n % ${TAGS})::text, 2, '0'),
                        'Label ' || lpad((1 + (m.n * 7) % ${TAGS})::text, 2, '0'))`);

      // The HR user: cluster admin, and a member of three teams so that the dashboard shows them.
      await tx.execute(sql`
        with u as (
          insert into users (account_id, email, first_name, last_name, language, password_hash, email_verified_at,
                             first_login_at)
          values (${a}, ${size.hrEmail}, 'Hanna', 'de Roos', 'nl', ${passwordHash}, now(), now())
          returning id
        ), m as (
          insert into memberships (account_id, cluster_id, user_id, employee_number, status, access)
          select ${a}, ${c}, u.id, 'HR001', 'active', true from u returning id
        )
        insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
        select ${a}, ${c}, m.id, r.role_key, r.level, r.team_id from m cross join (
          select 'employee' as role_key, 'cluster' as level, null::uuid as team_id
          union all select 'cluster_admin', 'cluster', null
          union all select 'team_member', 'team', t.id from large_t t where t.n in (1, 2, 3)
        ) r`);
      return { accountId: a, clusterId: c };
    });
    await seedLargeTeamReviews(db, { accountId, clusterId });
    await seedLargeCompetences(db, { accountId, clusterId });
    // Vacuum as well: a production database's autovacuum sets the visibility map soon after a bulk load, and
    // the counts' index-only scans need it; this machine runs with autovacuum off (decision 1922).
    await pool.query("vacuum (analyze)");
    return { created: true, accountId, clusterId, seconds: (Date.now() - started) / 1000 };
  } finally {
    await pool.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL to the database to seed.");
    process.exit(1);
  }
  const size = largeSizeFromEnv();
  await runMigrations(url);
  const result = await seedLarge(url, size);
  console.log(
    result.created
      ? `Seeded ${size.accountName}: ${size.people} employees in ${size.teams} teams in ${result.seconds.toFixed(1)} s. Sign in as ${size.hrEmail} / ${LARGE_HR_PASSWORD}.`
      : `${size.accountName} already exists; nothing to do. Sign in as ${size.hrEmail} / ${LARGE_HR_PASSWORD}.`,
  );
}
