/**
 * `npm test`: every check in one go: typecheck, lint, unit, integration, build, end-to-end.
 * Keeps going after a failing step so the summary is complete, and ends with one line
 * `N passed, N failed[, N skipped]` summed over the test suites (typecheck, lint and build count as
 * one failure each when they fail). Without DATABASE_URL it runs a throw-away embedded PostgreSQL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";
import { errorDetails, firstLine } from "./failure-summary";
import { bin, projectRoot } from "./processes";

type Counts = { passed: number; failed: number; skipped: number };
/** `failures` names the failed tests, so the summary (often all a CI log's tail shows) says which ones failed. */
type StepResult = {
  name: string;
  counts: Counts;
  note?: string;
  isCheck?: boolean;
  failures?: string[];
  /** How long the step took, for the summary: where a run's time goes (docs/decisions/1470). */
  seconds?: number;
};

process.chdir(projectRoot);
const resultsDir = path.join(projectRoot, ".test-results");
fs.mkdirSync(resultsDir, { recursive: true });

const running = new Set<ChildProcess>();
let embedded: EmbeddedPostgres | undefined;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping.`);
    for (const child of running) child.kill("SIGTERM");
    void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

const results: StepResult[] = [];
const started = Date.now();

if (!process.env.DATABASE_URL) {
  console.log("No DATABASE_URL: starting a throw-away embedded PostgreSQL for the tests.");
  embedded = await startEmbeddedPostgres({ persistent: false });
  process.env.DATABASE_URL = embedded.url;
}
// No port is chosen here: the end-to-end servers' ports are chosen when the servers start (playwright.config.ts,
// docs/decisions/0671), not minutes before, and an E2E_PORT set by the caller is passed on as it is.

try {
  // Three single-threaded checks side by side on the machine's cores (docs/decisions/1401), and the unit tests
  // beside them, which fill the core the checks leave idle once lint and format are done (1470); each check's
  // output is printed whole when it ends.
  const [checks, unit] = await Promise.all([
    Promise.all([
      checkStep("typecheck", bin("tsc"), ["--noEmit"], undefined, { buffered: true }),
      checkStep("lint", bin("eslint"), ["--max-warnings=0", "."], undefined, { buffered: true }),
      checkStep("format", bin("prettier"), ["--check", "--log-level=warn", "."], undefined, { buffered: true }),
    ]),
    vitestStep("unit"),
  ]);
  results.push(...checks, unit);
  // The build first (the job worker's bundle and the web app, which the end-to-end tests run), beside the start of
  // the integration tests, which use neither (1470). Then the end-to-end tests beside the rest of the integration
  // tests: each end-to-end test spends most of its time waiting for a page, a server answer or a job, and the
  // integration tests wait on PostgreSQL, so on two cores the two together take little longer than the longer
  // of them (decision 1901). They share nothing: other databases (`<db>_e2e` against `<db>_tpl`/`_w1`/`_w2`),
  // other ports. The integration tests' output is printed whole when they end, so the log stays readable.
  const integrationRun = vitestStep("integration", { buffered: true });
  const build = await checkStep("build", "npm", ["run", "build"], { NODE_ENV: "production" }, { buffered: true });
  const e2eRun: Promise<StepResult[]> = build.counts.failed
    ? Promise.resolve([
        { name: "e2e", counts: { passed: 0, failed: 1, skipped: 0 }, note: "not run: the build failed" },
      ])
    : playwrightStep().then(async (e2e) => [
        e2e,
        // What the run's server and worker logged holds no personal data or secret (docs/decisions/1591).
        await checkStep("e2e logs", bin("tsx"), ["scripts/check-e2e-logs.ts"]),
      ]);
  const [integration, e2eResults] = await Promise.all([integrationRun, e2eRun]);
  results.push(integration, build, ...e2eResults);
} finally {
  await embedded?.stop();
}

const total = results.reduce(
  (sum, { counts }) => ({
    passed: sum.passed + counts.passed,
    failed: sum.failed + counts.failed,
    skipped: sum.skipped + counts.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);

console.log(`\n── Summary (${Math.round((Date.now() - started) / 1000)} s) ──`);
for (const { name, counts, note, isCheck, failures = [], seconds } of results) {
  const status = isCheck ? (counts.failed ? "FAILED" : "ok") : formatCounts(counts);
  const time = seconds === undefined ? "" : `${seconds} s`.padStart(7);
  console.log(`  ${name.padEnd(12)}${time}  ${status}${note ? ` (${note})` : ""}`);
  for (const failure of failures.slice(0, 20)) console.log(`    ✘ ${failure}`);
  if (failures.length > 20) console.log(`    … and ${failures.length - 20} more`);
}
console.log(formatCounts(total));
process.exitCode = total.failed > 0 ? 1 : 0;

function formatCounts({ passed, failed, skipped }: Counts): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}

function secondsSince(start: number): number {
  return Math.round((Date.now() - start) / 1000);
}

function banner(name: string) {
  console.log(`\n── ${name} ──`);
}

/** Runs a command to its end; with `output`, its stdout and stderr are collected there instead of shown. */
function runStep(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  output?: string[],
): Promise<number> {
  return new Promise((resolve) => {
    if (interrupted) return resolve(1);
    const child = spawn(command, args, {
      cwd: projectRoot,
      stdio: output ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    running.add(child);
    if (output) {
      child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    }
    child.once("error", (error) => {
      (output ?? []).push(`${command} could not start: ${error.message}\n`);
      if (!output) console.error(`${command} could not start: ${error.message}`);
      running.delete(child);
      resolve(1);
    });
    child.once("close", (code) => {
      running.delete(child);
      resolve(code ?? 1);
    });
  });
}

/** A check without test counts: passes (counted as nothing) or fails (counted as one failure). */
async function checkStep(
  name: string,
  command: string,
  args: string[],
  env?: Record<string, string>,
  { buffered = false } = {},
): Promise<StepResult> {
  const output: string[] | undefined = buffered ? [] : undefined;
  if (!buffered) banner(name);
  const started = Date.now();
  const code = await runStep(command, args, env, output);
  if (output) {
    banner(`${name} (${secondsSince(started)} s)`);
    process.stdout.write(output.join(""));
  }
  const counts = { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  return { name, counts, isCheck: true, note: code ? `exit code ${code}` : undefined, seconds: secondsSince(started) };
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
};

async function vitestStep(project: "unit" | "integration", { buffered = false } = {}): Promise<StepResult> {
  const output: string[] | undefined = buffered ? [] : undefined;
  if (!buffered) banner(`${project} tests`);
  const started = Date.now();
  const outputFile = path.join(resultsDir, `${project}.json`);
  fs.rmSync(outputFile, { force: true });
  const code = await runStep(
    bin("vitest"),
    [
      "run",
      "--project",
      // integration and integration-isolated (vitest.config.ts)
      project === "integration" ? "integration*" : project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${outputFile}`,
    ],
    undefined,
    output,
  );
  const seconds = secondsSince(started);
  if (output) {
    banner(`${project} tests (${seconds} s)`);
    process.stdout.write(output.join(""));
  }
  const report = readJson<VitestReport>(outputFile);
  if (!report)
    return {
      name: project,
      counts: { passed: 0, failed: 1, skipped: 0 },
      note: `no report, exit code ${code}`,
      seconds,
    };
  // A file that fails to load has no failed tests of its own; count it as one failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  ).length;
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  if (code !== 0 && counts.failed === 0) counts.failed = 1; // e.g. unhandled errors between tests
  const failures = report.testResults.flatMap((file) => {
    const where = path.relative(projectRoot, file.name);
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    if (file.status === "failed" && failed.length === 0) return [`${where}: ${firstLine(file.message)}`];
    return failed.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
  return {
    name: project,
    counts,
    failures,
    note: code !== 0 && !report.numFailedTests && !brokenFiles ? `exit code ${code}` : undefined,
    seconds,
  };
}

type PlaywrightSuite = {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: {
      projectName: string;
      status: string;
      results: { error?: { message?: string; location?: { file: string; line: number } } }[];
    }[];
  }[];
};
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
  suites?: PlaywrightSuite[];
};

/** The failed or flaky specs of a report, as `[project] file:line › title: first line of the error`, then what it saw. */
function playwrightFailures(suites: PlaywrightSuite[] = [], titles: string[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        // "expected" covers the tests declared to fail (test.fail()): their errors are what they assert.
        .filter((test) => test.status === "unexpected" || test.status === "flaky")
        .map((test) => {
          const error = test.results.find((result) => result.error)?.error;
          const title = [...titles, spec.title].join(" › ");
          const seen = errorDetails(error).map((line) => `\n        ${line}`);
          return `[${test.projectName}] ${suite.file}:${spec.line} › ${title}: ${firstLine(error?.message)}${seen.join("")}`;
        }),
    ),
    ...playwrightFailures(suite.suites, suite.file === suite.title ? titles : [...titles, suite.title]),
  ]);
}

async function playwrightStep(): Promise<StepResult> {
  banner("end-to-end tests");
  const started = Date.now();
  const outputFile = path.join(resultsDir, "e2e.json");
  fs.rmSync(outputFile, { force: true });
  const code = await runStep(bin("playwright"), ["test"]);
  const seconds = secondsSince(started);
  const report = readJson<PlaywrightReport>(outputFile);
  if (!report)
    return { name: "e2e", counts: { passed: 0, failed: 1, skipped: 0 }, note: `no report, exit code ${code}`, seconds };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const counts = { passed: expected, failed: unexpected + flaky, skipped };
  const globalErrors = report.errors?.length ?? 0;
  if (globalErrors && counts.failed === 0) counts.failed = globalErrors;
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return {
    name: "e2e",
    counts,
    failures: playwrightFailures(report.suites),
    note: globalErrors ? `${globalErrors} error(s) outside tests` : undefined,
    seconds,
  };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}
