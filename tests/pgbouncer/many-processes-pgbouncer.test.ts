import { describe, expect, it } from "vitest";
import { databaseName } from "../setup/databases";
import { describeManyProcesses } from "../support/many-processes-checks";
import { pgbouncerVersion, startPgBouncer, type PgBouncer } from "../support/pgbouncer";

/*
 * Issue #38: the same checks as tests/integration/many-processes.test.ts, with the two web processes and the two
 * workers connected through PgBouncer in transaction pooling mode (docs/decisions/1514, 1592): queries unnamed
 * (DB_PREPARED_STATEMENTS=off, PgBouncer 1.18 cannot track prepared statements), the worker's LISTEN on the
 * direct URL. `npm run test:pgbouncer`; not part of `npm test` (it needs Debian's pgbouncer package).
 */
const version = pgbouncerVersion();
let bouncer: PgBouncer | undefined;

if (!version) {
  describe("through PgBouncer", () => {
    it.skip("needs Debian's pgbouncer package: apt-get install -y pgbouncer", () => undefined);
  });
} else {
  describeManyProcesses(
    `two web processes and two workers through ${version} in transaction pooling mode`,
    async () => {
      const direct = process.env.DATABASE_URL!;
      bouncer = await startPgBouncer(direct);
      return { DATABASE_URL: bouncer.url, DATABASE_DIRECT_URL: direct, DB_PREPARED_STATEMENTS: "off" };
    },
    async () => bouncer?.stop(),
  );

  describe("PgBouncer", () => {
    it("carried the processes' transactions (they started through it: queues, sessions, reads)", async () => {
      expect(await bouncer!.transactions(databaseName(process.env.DATABASE_URL!))).toBeGreaterThan(50);
    });
  });
}
