import { describe, expect, it } from "vitest";
import { createLogger, saneRequestId, scrubLine, withLogContext } from "~/utils/logger.server";
import { mayReadMetrics } from "~/utils/metrics.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const logger = createLogger({
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  logger.level = "info";
  return { logger, lines, raw };
}

describe("the logger (decision 1511)", () => {
  it("writes JSON lines with the request and job context", () => {
    const { logger, lines } = capture();
    withLogContext({ requestId: "req-1234abcd" }, () =>
      withLogContext({ jobId: "job-1", queue: "send-email" }, () => logger.info({ ms: 3 }, "job completed")),
    );
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "job completed",
      ms: 3,
      requestId: "req-1234abcd",
      jobId: "job-1",
      queue: "send-email",
    });
    expect(typeof lines[0].time).toBe("string");
  });

  it("never writes e-mail addresses, passwords, tokens or cookies", () => {
    const { logger, raw } = capture();
    logger.info({ email: "admin@demo.nl", password: "Welkom!2026" }, "signed in");
    logger.info({ user: { email: "hr@demo.nl", token: "abc" }, headers: { cookie: "session=x" } }, "nested");
    logger.error({ err: new Error("duplicate key: Key (email)=(leider@demo.nl) exists") }, "insert failed");
    logger.warn("mail to medewerker@demo.nl bounced");
    const failed = Object.assign(new Error("Failed query: select 1 where hash = $1\nparams: $argon2id$secret-hash"), {
      params: ["$argon2id$secret-hash"],
    });
    logger.error({ err: failed }, "query failed");
    const all = raw.join("");
    expect(all).not.toContain("secret-hash");
    for (const secret of ["@demo.nl", "Welkom!2026", 'abc"', "session=x"]) expect(all).not.toContain(secret);
    expect(all).toContain("[redacted]");
    expect(all).toContain("[email]");
  });

  it("keeps only sane incoming request ids", () => {
    expect(saneRequestId("lb-4f2a9c01.req")).toBe("lb-4f2a9c01.req");
    expect(saneRequestId("short")).toBeUndefined();
    expect(saneRequestId('x" {"level":"fatal"}')).toBeUndefined();
    expect(saneRequestId("a".repeat(65))).toBeUndefined();
    expect(scrubLine('{"msg":"to a.b+c@example.co.uk"}')).toBe('{"msg":"to [email]"}');
  });
});

describe("who may read the metrics (decision 1512)", () => {
  it("this machine unforwarded, or the bearer token", () => {
    expect(mayReadMetrics({}, "127.0.0.1", undefined)).toBe(true);
    expect(mayReadMetrics({}, "::ffff:127.0.0.1", undefined)).toBe(true);
    expect(mayReadMetrics({ "x-forwarded-for": "1.2.3.4" }, "127.0.0.1", undefined)).toBe(false);
    expect(mayReadMetrics({}, "10.0.0.5", undefined)).toBe(false);
    expect(mayReadMetrics({ authorization: "Bearer t0ken" }, "10.0.0.5", "t0ken")).toBe(true);
    expect(mayReadMetrics({ authorization: "Bearer other" }, "10.0.0.5", "t0ken")).toBe(false);
    expect(mayReadMetrics({ authorization: "Bearer " }, "10.0.0.5", "")).toBe(false);
  });
});
