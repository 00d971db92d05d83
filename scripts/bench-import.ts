/**
 * The personnel import's bench (issue #16 "Scale and speed"), run by `npm run bench` (or alone:
 * `DATABASE_URL=… tsx scripts/bench-import.ts 10000`). It creates a bench organisation whose cluster has the
 * people of last month's export, writes this month's export as an .xlsx (95 % of the people again, every
 * 20th with a new phone number, 5 % new people, 5 % of last month's missing) to a temporary file, and
 * times the bare figure: exceljs's streaming reader alone over that file (rows/s, best of two).
 *
 * The import itself runs in a fresh child process (`--stages <file>`), so that its memory is the import's
 * and not the fixture's (writing and twice reading the workbook left this process at 500 MB before the
 * import began), and runs as the worker does in production: from a bundle, with the worker's node options
 * (decision 1416): upload (stored, job queued), reading the file, the column step, the comparison, "accept
 * all" in each review step and applying, as web and worker do them. The child's peak RSS covers web and
 * worker together; `workerRssMb` is its peak up to the end of the comparison (the worker's stages: reading
 * and comparing; the upload's few MB included), `stageRssMb` each stage's peak. The organisation is
 * removed afterwards (BENCH_IMPORT_KEEP=1 keeps it, for a database that is dropped anyway).
 *
 * Prints one JSON line: { rows, bareSeconds, bareRowsPerSecond, oursSeconds, oursRowsPerSecond, ratio,
 * stages: { upload, parse, columns, compare, decide, apply }, peakRssMb, workerRssMb, startRssMb, stageRssMb }.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { closeDb, getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { stopSenderBoss } from "#jobs/boss.server";
import { applyImport } from "~/features/imports/import-apply.server";
import { runPersonnelImport } from "~/features/imports/import-run.server";
import { reviewSteps, metasOfStep } from "~/features/imports/import-steps";
import { createImport, getImport, saveColumns, saveDecisions } from "~/features/imports/imports.server";
import { requireRight } from "~/utils/tenant.server";
import { createAccount, createClusterFor, createUserWithMembership } from "../tests/factories";
import { sessionCookieFor } from "../tests/support/session";
import { benchNodeArgs, projectRoot } from "./processes";
import { bundle, workerNodeArgs } from "./worker-build";

const STAGES = process.argv[2] === "--stages";
const ROWS = STAGES ? 0 : Number(process.argv[2] ?? 10_000);
const TEAMS = Math.max(10, Math.round(ROWS / 12));

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

/** This month's export, written with exceljs's streaming writer so that making it costs little memory. */
async function exportFile(rows: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet("Personeel");
  sheet.addRow(["Personeelsnummer", "Voornaam", "Achternaam", "E-mail", "Geboortedatum", "Telefoon", "Team"]).commit();
  const present = Math.round(rows * 0.95);
  for (let i = 1; i <= rows; i++) {
    // Rows 1…95 %: last month's people (every 20th with a new phone); the rest: new people.
    const phone =
      i <= present && i % 20 === 0 ? `06-2${String(i).padStart(7, "0")}` : `06-1${String(i).padStart(7, "0")}`;
    sheet
      .addRow([
        `B${i}`,
        `Voor${i}`,
        `Achter${i}`,
        `p${i}@bench.invalid`,
        25_000 + (i % 9_000),
        phone,
        `Team ${i % TEAMS}`,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** Last month's people: 95 % of the rows of this month's file plus 5 % who have left since. */
async function seedCluster(accountId: string, clusterId: string, rows: number) {
  const db = getDb();
  const present = Math.round(rows * 0.95);
  const leavers = rows - present;
  await db.execute(sql`
    insert into teams (account_id, cluster_id, name)
    select ${accountId}, ${clusterId}, 'Team ' || t from generate_series(0, ${TEAMS - 1}) t`);
  await db.execute(sql`
    with people as (
      select i, case when i <= ${present} then i else ${rows} + i - ${present} end as n
      from generate_series(1, ${present + leavers}) i
    ), u as (
      insert into users (account_id, email, first_name, last_name, phone, birthday, language)
      select ${accountId}, 'p' || n || '@bench.invalid', 'Voor' || n, 'Achter' || n,
             '06-1' || lpad(n::text, 7, '0'), date '1899-12-30' + (25000 + n % 9000), 'nl'
      from people returning id, email
    ), m as (
      insert into memberships (account_id, cluster_id, user_id, employee_number, status, access)
      select ${accountId}, ${clusterId}, u.id, 'B' || substring(u.email from 2 for position('@' in u.email) - 2), 'active', false
      from u returning id, employee_number
    )
    insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
    select ${accountId}, ${clusterId}, m.id, 'team_member', 'team', t.id
    from m join teams t on t.cluster_id = ${clusterId}
      and t.name = 'Team ' || (substring(m.employee_number from 2)::int % ${TEAMS})`);
}

async function bare(file: Buffer): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  let rows = 0;
  for await (const worksheet of reader)
    for await (const row of worksheet) rows += (row.values as unknown[]).length > 0 ? 1 : 0;
  return rows;
}

/** The import as web and worker run it, in this (fresh) process: the file from disk, the HR user's cookie from the env. */
async function stagesOnly(filePath: string) {
  const file = await readFile(filePath);
  const cookie = process.env.BENCH_IMPORT_COOKIE ?? "";
  const ctx = await requireRight(new Request("http://localhost/import", { headers: { cookie } }), "users.import");
  const startRss = process.memoryUsage().rss;
  peakRss = startRss;
  const stages: Record<string, number> = {};
  // The peak RSS of each stage (MB), to tell which stage holds the memory.
  const stageRssMb: Record<string, number> = {};
  let overall = peakRss;
  let mark = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = Number(((now - mark) / 1000).toFixed(2));
    mark = now;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    stageRssMb[name] = Math.round(peakRss / 1024 / 1024);
    overall = Math.max(overall, peakRss);
    peakRss = process.memoryUsage().rss;
  };
  const begin = mark;
  const uploaded = await createImport(ctx, { name: "personeel.xlsx", data: file });
  if (!uploaded.ok) throw new Error(uploaded.errorKey);
  const id = uploaded.importId;
  stage("upload");
  if ((await runPersonnelImport(id)) !== "parsed") throw new Error("not parsed");
  stage("parse");
  const item = await getImport(ctx, id);
  const columns = await saveColumns(ctx, id, item.mapping);
  if (!columns.ok) throw new Error(columns.errorKey);
  stage("columns");
  if ((await runPersonnelImport(id)) !== "compared") throw new Error("not compared");
  stage("compare");
  const workerRss = overall;
  for (const step of reviewSteps) {
    await saveDecisions(ctx, id, { decisions: [], all: { metas: [...metasOfStep[step]], decision: "accepted" } });
  }
  stage("decide");
  const applied = await applyImport(ctx, id);
  if (!applied.ok) throw new Error(applied.errorKey);
  stage("apply");
  const oursSeconds = (performance.now() - begin) / 1000;
  const done = await getImport(ctx, id);
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  console.log(
    JSON.stringify({
      oursSeconds: Number(oursSeconds.toFixed(2)),
      stages,
      peakRssMb: mb(Math.max(overall, peakRss)),
      workerRssMb: mb(workerRss),
      startRssMb: mb(startRss),
      stageRssMb,
      counts: done.counts,
      applied: done.applied,
    }),
  );
}

async function main() {
  const db = getDb();
  const account = await createAccount(db, { name: `Import bench ${Date.now()}` });
  const dir = await mkdtemp(path.join(tmpdir(), "bench-import-"));
  try {
    const cluster = await createClusterFor(db, account.id);
    const hr = await createUserWithMembership(db, {
      accountId: account.id,
      clusterId: cluster.id,
      roles: [{ role: "cluster_admin" }],
    });
    await seedCluster(account.id, cluster.id, ROWS);
    const file = await exportFile(ROWS);
    const filePath = path.join(dir, "personeel.xlsx");
    await writeFile(filePath, file);
    const { cookie } = await sessionCookieFor({ userId: hr.user.id, accountId: account.id, clusterId: cluster.id });

    // Bare: the streaming reader alone (best of two, the first warms the module up).
    let bareSeconds = Infinity;
    for (let run = 0; run < 2; run++) {
      const start = performance.now();
      const read = await bare(file);
      if (read !== ROWS + 1) throw new Error(`bare read ${read} rows`);
      bareSeconds = Math.min(bareSeconds, (performance.now() - start) / 1000);
    }

    // The stages run as the worker runs in production: from a bundle, with the worker's node options
    // (decision 1416); the apply (the web's part) runs in the same process, after the worker's stages.
    const stagesBundle = path.join(projectRoot, "build", "bench-import.mjs");
    await bundle(fileURLToPath(import.meta.url), stagesBundle);
    const args = [...workerNodeArgs, ...benchNodeArgs(), stagesBundle, "--stages", filePath];
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      env: { ...process.env, BENCH_IMPORT_COOKIE: cookie },
      maxBuffer: 16 * 1024 * 1024,
    });
    const { oursSeconds, ...ours } = JSON.parse(stdout.trim().split("\n").pop()!) as { oursSeconds: number };
    console.log(
      JSON.stringify({
        rows: ROWS,
        bareSeconds: Number(bareSeconds.toFixed(2)),
        bareRowsPerSecond: Math.round(ROWS / bareSeconds),
        oursSeconds,
        oursRowsPerSecond: Math.round(ROWS / oursSeconds),
        ratio: Number((bareSeconds / oursSeconds).toFixed(3)),
        ...ours,
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
    if (!process.env.BENCH_IMPORT_KEEP) await db.delete(accounts).where(eq(accounts.id, account.id));
  }
}

try {
  await (STAGES ? stagesOnly(process.argv[3] ?? "") : main());
} finally {
  clearInterval(sampler);
  await stopSenderBoss();
  await closeDb();
}
