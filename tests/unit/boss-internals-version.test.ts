import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { bossInternalsReviewedFor } from "#jobs/boss-internals.server";

it("pg-boss is the version jobs/boss-internals.server.ts was written for", () => {
  const installed = (createRequire(import.meta.url)("pg-boss/package.json") as { version: string }).version;
  expect(
    installed,
    `pg-boss ${installed} is installed: review every statement in jobs/boss-internals.server.ts against its schema ` +
      "(tests/integration/boss-internals.test.ts runs them), then set bossInternalsReviewedFor to it",
  ).toBe(bossInternalsReviewedFor);
});
