/**
 * The demo's digests (issue #17 "Demo data", docs/decisions/1261): on the freshly seeded demo one run of
 * the digest schedule sends one digest of each frequency — medewerker weekly, leider every two weeks, hr
 * every four weeks — each with that person's news, and `npm run digests` writes the same three to the
 * development outbox.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { digestsSent, emailOutbox } from "#db/schema";
import { digestsJob } from "#jobs/definitions/digests";
import { deliverEmail } from "~/features/email/outbox.server";
import { closeTransport } from "~/features/email/transport.server";
import { demoDigestFrequencies } from "../../seed/demo/digests";
import { demoTasks } from "../../seed/demo/tasks";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { readMail, startSmtpCapture } from "../support/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const savedSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  await seedDemo(process.env.DATABASE_URL!);
}, 120_000);

afterAll(async () => {
  closeTransport();
  await smtp.close();
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
});

const subjects = {
  weekly: `Je weekoverzicht van ${demoClusters.noord}`,
  biweekly: `Je tweewekelijkse overzicht van ${demoClusters.noord}`,
  fourweekly: `Je vierwekelijkse overzicht van ${demoClusters.noord}`,
};

describe("the demo's digests", () => {
  it("one run of the schedule sends one digest of each frequency, each with that person's news", async () => {
    expect(new Set(Object.values(demoDigestFrequencies))).toEqual(new Set(["weekly", "biweekly", "fourweekly"]));
    await digestsJob.handler({});
    const rows = await getDb().select().from(emailOutbox).where(eq(emailOutbox.template, "digest"));
    for (const row of rows) await deliverEmail(row.id);

    const mails = smtp.messages.map((m) => ({ ...readMail(m.raw), to: m.envelopeTo }));
    expect(mails.map((m) => m.to).sort()).toEqual([[demoUsers.hr], [demoUsers.leider], [demoUsers.medewerker]]);
    const to = (who: keyof typeof demoDigestFrequencies) => mails.find((m) => m.to[0] === demoUsers[who])!;
    for (const who of ["medewerker", "leider", "hr"] as const) {
      expect(to(who).subject).toBe(subjects[demoDigestFrequencies[who]]);
    }

    // medewerker: a new and an overdue task, the dialog's next actions.
    expect(to("medewerker").text).toContain(demoTasks.openForMedewerker);
    expect(to("medewerker").text).toContain(demoTasks.overdueForMedewerker);
    expect(to("medewerker").text).toMatch(/\/dialogs\/[0-9a-f-]{36}/);
    // leider: the task medewerker gave him and the dialog he leads; not the one he gave himself.
    expect(to("leider").text).toContain(demoTasks.openForLeider);
    expect(to("leider").text).toMatch(/\/dialogs\/[0-9a-f-]{36}/);
    expect(to("leider").text).not.toContain(demoTasks.leiderSelf);
    // hr: the task leider gave her.
    expect(to("hr").text).toContain(demoTasks.openForHr);
    // Open reviews wait for the demo users: at least one of them hears of a questionnaire or evaluation.
    expect(mails.some((m) => /\/(selfreview\/questionnaire|review\/evaluation)\//.test(m.text ?? ""))).toBe(true);

    // A second run in the same period sends nothing.
    await digestsJob.handler({});
    expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.template, "digest"))).toHaveLength(3);
  });

  it("`npm run digests` writes the same three digests to the development outbox", async () => {
    // Back to before the first run, as after a fresh seed.
    await getDb().delete(digestsSent);
    await getDb().delete(emailOutbox).where(eq(emailOutbox.template, "digest"));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "digests-demo-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "development" };
      delete env.SMTP_URL;
      const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/run-digests.ts"], {
        env,
        cwd: path.resolve(__dirname, "../.."),
      });
      expect(stdout).toContain("3 digest(s) sent");
      const files = fs.readdirSync(path.join(dataDir, "outbox")).filter((name) => name.endsWith(".eml"));
      const mails = files.map((name) => readMail(fs.readFileSync(path.join(dataDir, "outbox", name), "utf8")));
      expect(mails.map((m) => m.subject).sort()).toEqual(Object.values(subjects).sort());
      expect(mails.map((m) => m.to).sort()).toEqual(
        [demoUsers.hr, demoUsers.leider, demoUsers.medewerker].map((a) => expect.stringContaining(a)),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
