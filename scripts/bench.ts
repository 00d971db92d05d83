/**
 * npm run bench (issues 4 and 6 "Scale"): measures the personnel list, a personnel search, the dashboard
 * and (ours only, against p95 < 200 ms) the team review overview, summary and evaluation page
 * of the production build against Groot BV (npm run seed:large), side by side with a bare
 * node:http + pg server running the same SQL (scripts/bench-bare.ts), and prints req/s, p50/p95/p99
 * and the ratio ours ÷ bare.
 *
 *   DATABASE_URL=… npm run bench    (seeds Groot BV there first when it is missing)
 *
 * Options (environment): BENCH_DURATION seconds per measurement (10), BENCH_WARMUP seconds (3),
 * BENCH_CONNECTIONS (16), BENCH_PORT (our server, 3990; the bare server takes the next port).
 *
 * Then the personnel import (issue #16): scripts/bench-import.ts in its own process for each size of
 * BENCH_IMPORT_ROWS ("10000,100000"), against ≥ 0.8 of the bare exceljs reader's rows/s and ≤ 3 s
 * (10,000 rows), ≤ 15 s (100,000 rows), < 300 MB RSS. BENCH_ONLY=import runs only that part.
 *
 * Then the digest run (issue #17): scripts/bench-digests.ts, one run of the digest schedule for Groot BV by
 * the job worker into a local SMTP sink against the pooled transport alone (≤ 1.1 ×), with the worker's
 * memory. BENCH_ONLY=digests runs only that part.
 *
 * Competences (issue #19): the matrix (40 positions × 12 competences) and one position's scores (its
 * ~250 holders) with seed/large-competences.ts, ours only against p95 < 200 ms. BENCH_ONLY=competences
 * runs only those two pages.
 *
 * The account admin's audit viewer (issue #35): its first page and one action over 1 million rows of Groot BV
 * (scripts/bench-audit.ts writes them), ours only against p95 < 200 ms. BENCH_ONLY=audit runs only those.
 *
 * Analytics (issue #34, decision 1964): every HR analytics tab (workforce, in/out flow over 24 months,
 * development roles, rounds, the movement between Groot BV's two finished rounds, completion), every criteria
 * analytics tab, the team comparison of eight teams and workforce planning a year ahead, ours only against
 * p95 < 300 ms. BENCH_ONLY=analytics runs only those.
 *
 * BENCH_ONLY=pages measures only the three pages against the bare server (list, search, dashboard).
 *
 * BENCH_ONLY=processes (issue #38): the same pages with one web process and with two on one database
 * (scripts/bench-processes.ts).
 *
 * A 100,000-person account (issues #38 and #34, decision 1800): BENCH_ONLY=large100k seeds "Groot BV 100k"
 * (SEED_LARGE_PEOPLE=100000 npm run seed:large) beside Groot BV when it is missing, prints how long that took,
 * and measures the personnel list, the dashboard, the team review overview and HR analytics' in/out flow (the
 * heaviest analytics page at 10,000 people) and completion tabs, ours only against p95 < 300 ms.
 * BENCH_ONLY=large<N>k measures another size the same way.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { seedLarge, LARGE_HR_EMAIL } from "../seed/large";
import { largeSize } from "../seed/large-size";
import pg from "pg";
import { runMigrations } from "#db/migrate";
import { LARGE_ROUND_NAME } from "../seed/large-team-reviews";
import { auditPages } from "./bench-audit";
import { benchDigests, printDigestBench } from "./bench-digests";
import { measure, signIn, waitFor, type Measurement } from "./bench-http";
import { benchProcesses } from "./bench-processes";
import { bin, buildIfStale, ProcessGroup } from "./processes";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the database to benchmark (it gets Groot BV if it lacks it).");
  process.exit(1);
}
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const OUR_PORT = Number(process.env.BENCH_PORT ?? 3990);
const BARE_PORT = OUR_PORT + 1;
const SEARCH = "bakker";
const execFileAsync = promisify(execFile);

const pages = [
  { name: "personnel list, page 1", path: "/personnel/users/active" },
  { name: `personnel search "${SEARCH}"`, path: `/personnel/users/active?q=${SEARCH}` },
  { name: "dashboard", path: "/dashboard" },
];

/** The round of Groot BV (seed/large-team-reviews.ts) and its first team review. */
async function teamReviewPages(url: string, clusterId: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ round_id: string; review_id: string }>(
      `select r.id as round_id, (select t.id from reviews t where t.parent_id = r.id order by t.team_name limit 1) as review_id
       from reviews r where r.cluster_id = $1 and r.name = $2 and r.type = 'team-summary'`,
      [clusterId, LARGE_ROUND_NAME],
    );
    const { round_id: roundId, review_id: reviewId } = rows[0];
    return [
      { name: "team reviews overview", path: "/teamreviews/overview" },
      { name: "review summary (800 teams)", path: `/review/summary/${roundId}/grid` },
      { name: "evaluation page (one team)", path: `/review/evaluation/${reviewId}` },
    ];
  } finally {
    await pool.end();
  }
}

/** The competence pages of Groot BV (issue #19): the matrix and the scores of its first position. */
async function competencePages(url: string, clusterId: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string }>(
      `select id from positions where cluster_id = $1 order by name limit 1`,
      [clusterId],
    );
    return [
      { name: "competence matrix (40 × 12)", path: "/competences/matrix" },
      { name: "a position's competence scores", path: `/competences/scores/positions/${rows[0].id}` },
    ];
  } finally {
    await pool.end();
  }
}

/** The personnel import's bench (issue #16): one process per size, its JSON line as a table row. */
async function importBench(): Promise<void> {
  const sizes = (process.env.BENCH_IMPORT_ROWS ?? "10000,100000").split(",").map(Number).filter(Boolean);
  const targets: Record<number, number> = { 10_000: 3, 100_000: 15 };
  const rows: string[][] = [];
  for (const size of sizes) {
    const { stdout } = await execFileAsync(bin("tsx"), ["scripts/bench-import.ts", String(size)], {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = stdout.trim().split("\n").pop()!;
    const r = JSON.parse(line) as {
      rows: number;
      bareRowsPerSecond: number;
      oursSeconds: number;
      oursRowsPerSecond: number;
      ratio: number;
      stages: Record<string, number>;
      peakRssMb: number;
    };
    console.log(`import ${size} rows: ${line}`);
    const target = targets[size];
    rows.push([
      String(r.rows),
      String(r.bareRowsPerSecond),
      String(r.oursRowsPerSecond),
      `${r.ratio} (≥ 0.8: ${r.ratio >= 0.8 ? "met" : "missed"})`,
      `${r.oursSeconds}${target ? ` (≤ ${target}: ${r.oursSeconds <= target ? "met" : "missed"})` : ""}`,
      Object.entries(r.stages)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
      `${r.peakRssMb} (< 300: ${r.peakRssMb < 300 ? "met" : "missed"})`,
    ]);
  }
  const header = ["rows", "bare rows/s", "ours rows/s", "ours ÷ bare", "seconds", "stages (s)", "peak RSS MB"];
  console.log(`\n${[header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n")}\n`);
}

if (process.env.BENCH_ONLY === "digests") {
  await runMigrations(databaseUrl);
  await seedLarge(databaseUrl);
  printDigestBench(await benchDigests(databaseUrl));
  process.exit(0);
}

if (process.env.BENCH_ONLY === "processes") {
  await benchProcesses(databaseUrl);
  process.exit(0);
}

if (process.env.BENCH_ONLY === "import") {
  await runMigrations(databaseUrl);
  await importBench();
  process.exit(0);
}

const onlyCompetences = process.env.BENCH_ONLY === "competences";
// The account admin's audit viewer over 1 million rows (issue #35), nothing else.
const onlyAudit = process.env.BENCH_ONLY === "audit";
// The three pages measured against the bare server, nothing else (a quick check of the ratios).
const onlyPages = process.env.BENCH_ONLY === "pages";
// Every analytics page and workforce planning (issue #34, decisions 1720 and 1964), nothing else.
const onlyAnalytics = process.env.BENCH_ONLY === "analytics";
// A larger account of its own (decision 1800): BENCH_ONLY=large100k.
const largeMatch = /^large(\d+)k$/.exec(process.env.BENCH_ONLY ?? "");
const size = largeSize(largeMatch ? Number(largeMatch[1]) * 1000 : undefined);
const large = largeMatch !== null;
const largePages = [
  { name: "personnel list, page 1", path: "/personnel/users/active", target: 300 },
  { name: "dashboard", path: "/dashboard", target: 300 },
  { name: "team reviews overview", path: "/teamreviews/overview", target: 300 },
  { name: "HR analytics, in/out flow, 24 months", path: "/analytics/users/flow?period=24", target: 300 },
  { name: "HR analytics, review completion", path: "/analytics/users/completion", target: 300 },
];
// Ours against the bare server: only the full run and BENCH_ONLY=pages.
const withBare = !onlyCompetences && !onlyAudit && !onlyAnalytics && !large;
/**
 * Every analytics page (issue #34, decision 1964): HR analytics' six tabs (the movement between Groot BV's two
 * rounds), criteria analytics' five tabs (distribution and teams filtered to Groot BV's latest round —
 * decision 1790's round filter: the round's view and the period's, two statements' worth —, the others as
 * opened), eight teams compared side by side, and workforce planning a year ahead (800 teams' needs against
 * their contracts, 1550).
 */
async function analyticsPages(url: string, clusterId: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string }>(
      `select id from reviews where cluster_id = $1 and name = $2 and type = 'team-summary'`,
      [clusterId, LARGE_ROUND_NAME],
    );
    const { rows: teams } = await pool.query<{ id: string }>(
      `select id from teams where cluster_id = $1 and deleted_at is null order by name limit 8`,
      [clusterId],
    );
    const round = rows[0].id;
    return [
      { name: "HR analytics, workforce (10,000 people)", path: "/analytics/users/workforce" },
      { name: "HR analytics, in/out flow, 24 months (10,000 people)", path: "/analytics/users/flow?period=24" },
      { name: "HR analytics, development roles (800 teams)", path: "/analytics/users/development" },
      { name: "HR analytics, review completion (800 teams)", path: "/analytics/users/completion" },
      { name: "criteria analytics, distribution, one round", path: `/analytics/criteria/distribution?round=${round}` },
      { name: "criteria analytics, teams, one round", path: `/analytics/criteria/teams?round=${round}` },
      { name: "criteria analytics, rounds (two rounds)", path: "/analytics/criteria/rounds" },
      { name: "criteria analytics, roles (two rounds)", path: "/analytics/criteria/roles" },
      { name: "criteria analytics, self against team (two rounds)", path: "/analytics/criteria/self" },
      {
        name: "team comparison, 8 teams",
        path: `/analytics/teams/team-comparison?${teams.map((t) => `team=${t.id}`).join("&")}`,
      },
      { name: "workforce planning, 1 year (800 teams)", path: "/analytics/planning/1y" },
      // Last: on 2026-11-30 one request of these took a minute and held connections the next page needed.
      { name: "HR analytics, rounds (two rounds, 800 teams)", path: "/analytics/users/rounds" },
      { name: "HR analytics, movement between the two rounds", path: "/analytics/users/movement" },
    ].map((page) => ({ ...page, target: 300 }));
  } finally {
    await pool.end();
  }
}
const group = new ProcessGroup(5_000);
const benchStarted = Date.now();
try {
  await runMigrations(databaseUrl);
  const seeded = await seedLarge(databaseUrl, size);
  console.log(
    seeded.created
      ? `Seeded ${size.accountName} (${size.people} people, ${size.teams} teams) in ${seeded.seconds.toFixed(1)} s.`
      : `${size.accountName} is there.`,
  );
  await buildIfStale();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    COMPRESSION: "off",
    // No balancer: the bench's end stops the app without SHUTDOWN_DELAY_MS's wait (1810).
    SHUTDOWN_DELAY_MS: "0",
  };
  group.start("app", bin("tsx"), ["server/index.ts"], {
    ...env,
    PORT: String(OUR_PORT),
    HOST: "127.0.0.1",
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(24).toString("hex"),
  });
  if (withBare)
    group.start("bare", bin("tsx"), ["scripts/bench-bare.ts", LARGE_HR_EMAIL], { ...env, PORT: String(BARE_PORT) });
  const ours = `http://127.0.0.1:${OUR_PORT}`;
  const bare = `http://127.0.0.1:${BARE_PORT}`;
  // A server starting under a loaded machine may take minutes (seen: 70 s with load 25 on 2 cores).
  await Promise.all([
    waitFor(`${ours}/healthcheck`, 180_000),
    ...(withBare ? [waitFor(`${bare}/healthcheck`, 180_000)] : []),
  ]);
  const cookie = await signIn(ours, size.hrEmail);
  const hrCookie = cookie;

  // Both servers must answer 200 with the same first row before anything is measured.
  for (const page of withBare ? pages : []) {
    const [a, b] = await Promise.all([
      fetch(ours + page.path, { headers: { cookie }, redirect: "manual" }),
      fetch(bare + page.path, { headers: { cookie } }),
    ]);
    if (a.status !== 200 || b.status !== 200) throw new Error(`${page.path}: ours ${a.status}, bare ${b.status}`);
    const [htmlA, htmlB] = [await a.text(), await b.text()];
    const firstCell = /<td>([^<]+)<\/td>/.exec(htmlB.replace(/<td>(true|false)<\/td>/g, ""))?.[1];
    const needle = firstCell?.includes("@") ? firstCell : /[\w.-]+@groot\.nl|Team \d{3}/.exec(htmlB)?.[0];
    if (needle && !htmlA.includes(needle)) throw new Error(`${page.path}: our page lacks "${needle}"`);
  }

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per measurement after ${WARMUP} s warm-up; ours = NODE_ENV=production, COMPRESSION=off.\n`,
  );
  const rows: string[][] = [];
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  for (const page of withBare ? pages : []) {
    const results: Record<"ours" | "bare", Measurement> = {} as never;
    for (const [label, base] of [
      ["ours", ours],
      ["bare", bare],
    ] as const) {
      await measure(base + page.path, cookie, WARMUP);
      results[label] = await measure(base + page.path, cookie, DURATION);
    }
    const ratio = results.ours.rps / results.bare.rps;
    for (const label of ["ours", "bare"] as const) {
      const m = results[label];
      rows.push([
        page.name,
        label,
        fmt(m.rps),
        fmt(m.p50),
        fmt(m.p95),
        fmt(m.p99),
        String(m.errors),
        label === "ours" ? ratio.toFixed(2) : "",
      ]);
    }
    console.log(
      `${page.name}: ours ${fmt(results.ours.rps)} req/s (p95 ${fmt(results.ours.p95)} ms), bare ${fmt(results.bare.rps)} req/s, ratio ${ratio.toFixed(2)}`,
    );
  }
  // Team review pages (issue #6): ours only, against the target of p95 < 200 ms.
  // …and the competence pages (issue #19), also against p95 < 200 ms.
  const ourPages: { name: string; path: string; email?: string; target?: number }[] = onlyPages
    ? []
    : large
      ? largePages
      : onlyAudit
        ? await auditPages(databaseUrl)
        : onlyAnalytics
          ? await analyticsPages(databaseUrl, seeded.clusterId)
          : [
              ...(onlyCompetences ? [] : await teamReviewPages(databaseUrl, seeded.clusterId)),
              ...(await competencePages(databaseUrl, seeded.clusterId)),
              ...(onlyCompetences ? [] : await analyticsPages(databaseUrl, seeded.clusterId)),
              ...(onlyCompetences ? [] : await auditPages(databaseUrl)),
            ];
  for (const page of ourPages) {
    const cookie = page.email ? await signIn(ours, page.email) : hrCookie;
    const check = await fetch(ours + page.path, { headers: { cookie }, redirect: "manual" });
    if (check.status !== 200 && !onlyAnalytics) throw new Error(`${page.path}: ours ${check.status}`);
    // The analytics bench goes on past a failing page and says so, so that one slow page leaves the rest measured.
    if (check.status !== 200) {
      rows.push([
        page.name,
        "ours",
        "",
        "",
        "",
        "",
        `answered ${check.status}`,
        `p95 target ${page.target} ms: missed`,
      ]);
      console.log(`${page.name}: ours answered ${check.status}`);
      continue;
    }
    await measure(ours + page.path, cookie, WARMUP);
    const m = await measure(ours + page.path, cookie, DURATION);
    rows.push([
      page.name,
      "ours",
      fmt(m.rps),
      fmt(m.p50),
      fmt(m.p95),
      fmt(m.p99),
      String(m.errors),
      `p95 target ${page.target ?? 200} ms: ${m.p95 < (page.target ?? 200) ? "met" : "missed"}`,
    ]);
    console.log(`${page.name}: ours ${fmt(m.rps)} req/s (p95 ${fmt(m.p95)} ms)`);
  }
  const header = ["page", "server", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "ours ÷ bare"];
  const table = [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
  console.log(`\n${table}\n`);
  if (!onlyCompetences && !onlyPages && !onlyAudit && !onlyAnalytics && !large) {
    await importBench();
    printDigestBench(await benchDigests(databaseUrl));
  }
  console.log(`The bench took ${((Date.now() - benchStarted) / 1000).toFixed(0)} s (seeding included).`);
  await group.stop(0);
} catch (error) {
  console.error(error);
  await group.stop(1);
}
