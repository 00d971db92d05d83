import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

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
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          // One migrated template database per run; every test file starts on a fresh copy of it.
          globalSetup: ["tests/setup/integration-global.ts"],
          setupFiles: ["tests/setup/integration-worker.ts"],
          // The machines have 2 cores, and each worker holds its own database and connection pool.
          maxWorkers: 2,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
