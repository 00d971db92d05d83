import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/*
 * Integration files share one module graph per worker (isolate: false): importing the app for each of 94
 * files took longer than their tests (docs/decisions/1470). A file that replaces a module with vi.mock needs
 * its own graph, so files that call vi.mock run in the isolated project, found by reading them.
 */
const integrationDir = here("./tests/integration");
const mockingFiles = fs
  .readdirSync(integrationDir)
  .filter((name) => name.endsWith(".test.ts"))
  .filter((name) => fs.readFileSync(`${integrationDir}/${name}`, "utf8").includes("vi.mock("))
  .map((name) => `tests/integration/${name}`);

const integration = {
  environment: "node" as const,
  // One migrated template database per run; every test file starts on a fresh copy of it.
  globalSetup: ["tests/setup/integration-global.ts"],
  setupFiles: ["tests/setup/integration-worker.ts"],
  // The machines have 2 cores, and each worker holds its own database and connection pool.
  maxWorkers: 2,
  // Generous: a test that walks every id of a list over HTTP takes seconds alone, and in `npm test` the integration
  // tests share the two cores with the end-to-end run (1901); a passing test ends long before.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: {
    alias: {
      "~": here("./app"),
      "#db": here("./db"),
      "#jobs": here("./jobs"),
      "#emails": here("./emails"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
          // npm test runs the unit tests beside typecheck, lint and format on two cores (decision 1470).
          testTimeout: 30_000,
          // One module graph per worker, as the integration files (1470): importing for each of 81 files took 59 s
          // of the project's 20 s of tests on a two-core machine, now 20 s in all (decision 1951). No unit file calls vi.mock;
          // the two that change process.env put it back.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...integration,
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: mockingFiles,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...integration, name: "integration-isolated", include: mockingFiles },
      },
      // Opt-in (`npm run test:pgbouncer`, decision 1592): needs Debian's pgbouncer; not part of `npm test`.
      {
        extends: true,
        test: { ...integration, name: "pgbouncer", include: ["tests/pgbouncer/**/*.test.ts"] },
      },
      // Opt-in (`npm run test:processes`, decision 1771): workers killed and web processes restarted under load,
      // a minute or more of real processes; one file at a time, each starts its own.
      {
        extends: true,
        test: { ...integration, name: "processes", include: ["tests/processes/**/*.test.ts"], maxWorkers: 1 },
      },
    ],
  },
});
