import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * docs/architecture.md: routes never import db/, drizzle or pg. eslint.config.js says so for app/routes;
 * this checks the rule fires there (and only there) on the ways such an import is written.
 */
const eslint = new ESLint();

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("routes never import the database", () => {
  // The first lint loads the config and its plugins: seconds on a busy machine.
  beforeAll(() => eslint.calculateConfigForFile("app/routes/_app+/probe.tsx"), 60_000);

  it.each([
    `import { getDb } from "#db/client.server";`,
    `import { users } from "#db/schema";`,
    `import { users } from "../../../db/schema";`,
    `import { eq } from "drizzle-orm";`,
    `import { pgTable } from "drizzle-orm/pg-core";`,
    `import pg from "pg";`,
    `import type PgBoss from "pg-boss";`,
  ])("a route may not: %s", async (line) => {
    const messages = await restricted("app/routes/_app+/probe.tsx", `${line}\nexport {};\n`);
    expect(messages).toHaveLength(1);
  });

  it("a route may import a service, and a service may import the database", async () => {
    expect(await restricted("app/routes/_app+/probe.tsx", `import { x } from "~/features/dbx/x.server";\n`)).toEqual(
      [],
    );
    expect(
      await restricted("app/features/probe/probe.server.ts", `import { getDb } from "#db/client.server";\n`),
    ).toEqual([]);
  });
});
