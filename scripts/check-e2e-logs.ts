/**
 * After an end-to-end run: no personal data or secret in what the web server and the job worker logged
 * (issue #38, docs/decisions/1591). The run's processes write their log lines (stdout and stderr) to
 * `<E2E_DATA_DIR>/logs/{web,worker}.log` (playwright.config.ts); the run signs in as the demo users with the demo
 * password, creates people with e-mail addresses, sends mail and uses API tokens, so a line that quotes any of
 * them is a leak. Exits 1 naming the lines (their secrets masked), or when there is nothing to read (a check that
 * read no request line could not fail).
 */
import fs from "node:fs";
import path from "node:path";
import { DEMO_PASSWORD } from "../seed/demo-data";
import { fileURLToPath } from "node:url";
import { projectRoot } from "./processes";

/** What must never be in a log line: anything shaped like an e-mail address, the demo password, tokens and cookies. */
export const leakPatterns: { name: string; pattern: RegExp }[] = [
  { name: "e-mail address", pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/ },
  { name: "demo password", pattern: new RegExp(DEMO_PASSWORD.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) },
  { name: "bearer token", pattern: /Bearer\s+[A-Za-z0-9._~+/-]{8,}/i },
  { name: "session cookie", pattern: /__session=[^;\s"]{8,}/ },
];

function mask(line: string): string {
  let masked = line;
  for (const { pattern } of leakPatterns) masked = masked.replace(new RegExp(pattern, "g"), "[…]");
  return masked.length > 300 ? `${masked.slice(0, 300)}…` : masked;
}

/** The log files of `logDir`: how many request lines they hold, and each line that leaks (masked). */
export function readLogs(logDir: string): { files: string[]; requestLines: number; leaks: string[] } {
  const files = fs.existsSync(logDir) ? fs.readdirSync(logDir).filter((name) => name.endsWith(".log")) : [];
  let requestLines = 0;
  const leaks: string[] = [];
  for (const name of files) {
    const lines = fs.readFileSync(path.join(logDir, name), "utf8").split("\n");
    lines.forEach((line, index) => {
      if (line.includes('"msg":"request"')) requestLines++;
      const found = leakPatterns.filter(({ pattern }) => pattern.test(line)).map(({ name }) => name);
      if (found.length) leaks.push(`${name}:${index + 1} (${found.join(", ")}): ${mask(line)}`);
    });
  }
  return { files, requestLines, leaks };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(projectRoot, ".test-results", "e2e-data");
  const logDir = path.join(dataDir, "logs");
  const { files, requestLines, leaks } = readLogs(logDir);
  if (requestLines === 0) {
    console.error(`No request lines in ${logDir}: the end-to-end run's logs are missing, nothing was checked.`);
    process.exit(1);
  }
  if (leaks.length) {
    console.error(`${leaks.length} log lines hold personal data or a secret:`);
    for (const leak of leaks.slice(0, 20)) console.error(`  ${leak}`);
    process.exit(1);
  }
  console.log(`${requestLines} request lines in ${files.join(", ")}: no e-mail address, password, token or cookie.`);
}
