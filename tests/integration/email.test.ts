import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { emailOutbox } from "#db/schema";
import { deliverEmail, maxDeliveryAttempts, queueEmail } from "~/features/email/outbox.server";
import {
  listOutboxFiles,
  readOutboxFile,
  sendMail,
  setSmtpMailer,
  type SmtpMailerFactory,
} from "~/features/email/transport.server";
import { threadMailer } from "#jobs/smtp-sender.server";
import { readMail, startSmtpCapture } from "../support/smtp";

// --- Tests ---

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const savedEnv = { SMTP_URL: process.env.SMTP_URL, DATA_DIR: process.env.DATA_DIR };
let accountId: string;

beforeAll(async () => {
  smtp = await startSmtpCapture({ rejectRecipient: "weigert@example.test" });
  process.env.SMTP_URL = smtp.url;
  const { accounts } = await import("#db/schema");
  const [account] = await getDb().insert(accounts).values({ name: "Mailtest" }).returning({ id: accounts.id });
  accountId = account.id;
});

afterAll(async () => {
  setSmtpMailer(null);
  await smtp.close();
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

beforeEach(() => {
  smtp.messages.length = 0;
});

async function outboxRow(id: string) {
  const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

// The web process sends through nodemailer's pool; the job worker builds each message and hands it to
// the pool on its sender thread (decision 1414): both must deliver the same mail and report the same failures.
const mailers: [string, SmtpMailerFactory | null][] = [
  ["nodemailer's pool in this thread", null],
  ["the worker's sender thread", threadMailer],
];

describe.each(mailers)("deliverEmail over SMTP through %s", (_name, mailer) => {
  beforeAll(() => setSmtpMailer(mailer));
  afterAll(() => setSmtpMailer(null));

  test("sends the password-changed mail in Dutch and English, once", async () => {
    const changedAt = "2026-07-01T08:05:00.000Z";
    const dutchId = await queueEmail(getDb(), {
      accountId,
      to: "sanne@example.test",
      template: "password-changed",
      locale: "nl",
      props: { firstName: "Sanne", changedAt },
    });
    const englishId = await getDb().transaction((tx) =>
      queueEmail(tx, {
        to: "john@example.test",
        template: "password-changed",
        locale: "en",
        props: { firstName: "John", changedAt },
      }),
    );
    expect((await outboxRow(dutchId)).status).toBe("pending");

    expect(await deliverEmail(dutchId)).toBe("sent");
    expect(await deliverEmail(englishId)).toBe("sent");
    expect(smtp.messages).toHaveLength(2);

    const dutch = readMail(smtp.messages[0].raw);
    expect(smtp.messages[0].envelopeTo).toEqual(["sanne@example.test"]);
    expect(dutch.to).toContain("sanne@example.test");
    expect(dutch.subject).toBe("Je wachtwoord is gewijzigd");
    expect(dutch.from).toContain("Teamontwikkeling");
    expect(dutch.contentType).toMatch(/^multipart\/alternative/i);
    expect(dutch.text).toContain("Hoi Sanne,");
    expect(dutch.text).toContain("01-07-2026 10:05");
    expect(dutch.text).toContain("HR-contactpersoon");
    expect(dutch.text).toMatch(/https?:\/\/\S+\/login/);
    expect(dutch.html).toContain('lang="nl"');
    expect(dutch.html).toContain("Hoi Sanne,");

    const english = readMail(smtp.messages[1].raw);
    expect(english.to).toContain("john@example.test");
    expect(english.subject).toBe("Your password has been changed");
    expect(english.text).toContain("Hi John,");
    expect(english.text).toContain("HR contact");
    expect(english.html).toContain('lang="en"');

    // A non-ASCII subject arrives MIME-encoded; the reader above decodes it.
    const germanId = await queueEmail(getDb(), {
      to: "erika@example.test",
      template: "password-changed",
      locale: "de",
      props: { firstName: "Jürgen", changedAt },
    });
    await deliverEmail(germanId);
    expect(smtp.messages[2].raw).toMatch(/^Subject: =\?UTF-8\?/im);
    const german = readMail(smtp.messages[2].raw);
    expect(german.subject).toBe("Ihr Passwort wurde geändert");
    expect(german.text).toContain("Guten Tag Jürgen,");

    const row = await outboxRow(dutchId);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.messageId).toBe(dutch.messageId);

    expect(await deliverEmail(dutchId)).toBe("already-sent");
    expect(smtp.messages).toHaveLength(3);
    expect((await outboxRow(dutchId)).attempts).toBe(1);
  });

  test("records a failure, rethrows it, and gives up after the last attempt", async () => {
    const id = await queueEmail(getDb(), {
      accountId,
      to: "weigert@example.test",
      template: "password-changed",
      locale: "de",
      props: { firstName: "Erika", changedAt: new Date().toISOString() },
    });
    await expect(deliverEmail(id)).rejects.toThrow();
    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/Mailbox unavailable/);

    await getDb()
      .update(emailOutbox)
      .set({ attempts: maxDeliveryAttempts - 1 })
      .where(eq(emailOutbox.id, id));
    await expect(deliverEmail(id)).rejects.toThrow();
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: maxDeliveryAttempts });

    expect(await deliverEmail(id)).toBe("failed-before");
    expect(smtp.messages).toHaveLength(0);
  });

  test("keeps extra headers, lines that start with a dot and the Message-ID it reports", async () => {
    const { messageId } = await sendMail({
      to: "punt@example.test",
      subject: "Overzicht",
      html: "<p>Hallo</p>",
      text: "Regel een\n.begint met een punt\n.\nEinde",
      headers: { "List-Unsubscribe": "<https://example.test/afmelden>" },
    });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].envelopeTo).toEqual(["punt@example.test"]);
    expect(smtp.messages[0].raw).toMatch(/^List-Unsubscribe: <https:\/\/example\.test\/afmelden>$/m);
    const mail = readMail(smtp.messages[0].raw);
    expect(mail.messageId).toBe(messageId);
    expect(mail.text?.replace(/\r\n/g, "\n")).toContain("Regel een\n.begint met een punt\n.\nEinde");
  });

  test("an unknown template counts as a failed attempt; a missing row is skipped", async () => {
    const [row] = await getDb()
      .insert(emailOutbox)
      .values({ toAddress: "x@example.test", template: "no-such-template", locale: "nl", props: {} })
      .returning({ id: emailOutbox.id });
    await expect(deliverEmail(row.id)).rejects.toThrow(/Unknown e-mail template/);
    expect((await outboxRow(row.id)).attempts).toBe(1);
    expect(await deliverEmail("00000000-0000-4000-8000-000000000000")).toBe("not-found");
  });
});

describe("transport without SMTP_URL", () => {
  test("writes .eml files into DATA_DIR/outbox and reads them back safely", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "mail-outbox-"));
    process.env.DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
    try {
      const { messageId } = await sendMail({
        to: "eml@example.test",
        subject: "Bestand",
        html: "<p>Hallo</p>",
        text: "Hallo",
        id: "3f1c2a9e-0000-4000-8000-000000000001",
      });
      expect(messageId).toMatch(/^<.+>$/);
      const files = await listOutboxFiles();
      expect(files).toHaveLength(1);
      expect(files[0].name).toMatch(/^\d{4}-\d{2}-\d{2}T.+-3f1c2a9e-0000-4000-8000-000000000001\.eml$/);
      const raw = await readOutboxFile(files[0].name);
      expect(raw).toContain("To: eml@example.test");
      expect(readMail(raw!).subject).toBe("Bestand");

      await fs.writeFile(path.join(dataDir, "secret.eml"), "not in the outbox");
      expect(await readOutboxFile("../secret.eml")).toBeNull();
      expect(await readOutboxFile("..%2Fsecret.eml")).toBeNull();
      expect(await readOutboxFile("/etc/passwd")).toBeNull();
      expect(await readOutboxFile("missing.eml")).toBeNull();
    } finally {
      process.env.SMTP_URL = smtp.url;
      delete process.env.DATA_DIR;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
