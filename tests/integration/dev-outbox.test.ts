import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { emailOutbox } from "#db/schema";
import { stopSenderBoss } from "#jobs/boss.server";
import { startWorker, type RunningWorker } from "#jobs/worker";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { loader as messageLoader } from "~/routes/dev+/outbox.$name";
import { loader as outboxLoader } from "~/routes/dev+/outbox";
import { context as remoteContext, getRequest, run } from "../support/http";
import { readMail } from "../support/smtp";

/*
 * An install without SMTP (npm start on one machine): the worker writes each message to DATA_DIR/outbox and
 * /dev/outbox shows it. The end-to-end run sends over SMTP, so this is where that path is covered end to end.
 */
const savedEnv = { SMTP_URL: process.env.SMTP_URL, DATA_DIR: process.env.DATA_DIR };
let dataDir: string;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "dev-outbox-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  worker = await startWorker(process.env.DATABASE_URL);
});

afterAll(async () => {
  await worker?.stop();
  await stopSenderBoss();
  await fs.rm(dataDir, { recursive: true, force: true });
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** The outbox answers only a browser on this machine (the socket's peer, item 1 of issue #12). */
const context = () => ({ ...remoteContext(), socketAddress: "127.0.0.1" });

async function waitUntilSent(emailId: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
    if (row?.status === "sent") return row;
    if (Date.now() > deadline) throw new Error(`e-mail ${emailId} is ${row?.status ?? "missing"}, not sent`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("e-mail without SMTP", () => {
  test("the worker writes the message to the outbox and /dev/outbox lists and shows it", async () => {
    const emailId = await getDb().transaction((tx) =>
      queueEmail(tx, {
        to: "zonder-smtp@example.test",
        template: "password-changed",
        locale: "nl",
        props: { firstName: "Zoë", changedAt: new Date().toISOString() },
      }),
    );
    await enqueueEmailDelivery(emailId);
    const row = await waitUntilSent(emailId);
    expect(row.attempts).toBe(1);

    const listed = (await run(() =>
      outboxLoader({ request: getRequest("/dev/outbox"), params: {}, context: context() }),
    )) as { messages: { name: string }[] };
    const names = listed.messages.map((m) => m.name);
    expect(names).toHaveLength(1);
    expect(names[0]).toContain(emailId);

    const response = (await run(() =>
      messageLoader({
        request: getRequest(`/dev/outbox/${names[0]}`),
        params: { name: names[0] },
        context: context(),
      }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const mail = readMail(await response.text());
    expect(mail.to).toContain("zonder-smtp@example.test");
    expect(mail.subject).toBe("Je wachtwoord is gewijzigd");
    expect(mail.text).toContain("Hoi Zoë,");
  });

  test("a request from another machine finds no outbox, whatever address it claims", async () => {
    for (const socketAddress of ["192.0.2.10", "::ffff:192.0.2.10", "fd00::2", undefined]) {
      const request = new Request("http://localhost/dev/outbox", { headers: { "X-Forwarded-For": "127.0.0.1" } });
      const list = await run(() =>
        outboxLoader({ request, params: {}, context: { ...remoteContext("127.0.0.1"), socketAddress } }),
      );
      expect((list as Response).status, String(socketAddress)).toBe(404);
      const one = await run(() =>
        messageLoader({ request, params: { name: "x.eml" }, context: { ...remoteContext(), socketAddress } }),
      );
      expect((one as Response).status, String(socketAddress)).toBe(404);
    }
    for (const socketAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const list = await run(() =>
        outboxLoader({
          request: getRequest("/dev/outbox"),
          params: {},
          context: { ...remoteContext(), socketAddress },
        }),
      );
      expect(list).not.toBeInstanceOf(Response);
    }
  });

  test("with SMTP configured the outbox pages do not exist", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      const list = await run(() =>
        outboxLoader({ request: getRequest("/dev/outbox"), params: {}, context: context() }),
      );
      expect((list as Response).status).toBe(404);
      const one = await run(() =>
        messageLoader({ request: getRequest("/dev/outbox/x.eml"), params: { name: "x.eml" }, context: context() }),
      );
      expect((one as Response).status).toBe(404);
    } finally {
      delete process.env.SMTP_URL;
    }
  });
});
