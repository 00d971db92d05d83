import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import { dataDir } from "~/utils/env.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Names the .eml file when no SMTP server is configured (the outbox row id). */
  id?: string;
};

export type SentMail = { messageId: string };

export type OutboxFile = { name: string; size: number; modifiedAt: Date };

const defaultFrom = "Teamontwikkeling <no-reply@localhost>";

export function mailFrom(): string {
  return process.env.MAIL_FROM || defaultFrom;
}

export function outboxDir(): string {
  return path.join(dataDir(), "outbox");
}

/** What sendMail needs of an SMTP transport: nodemailer's pool, or the worker's sender thread (decision 1414). */
export type SmtpMailer = {
  sendMail(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
};
export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};
export type SmtpMailerFactory = (url: string) => SmtpMailer;

/** nodemailer's options for SMTP_URL. A pool keeps connections open between messages (measured: 35 msg/s single, 110 with a pool of 5). */
export function smtpPoolOptions(url: string) {
  return { url, pool: true, maxConnections: 5 };
}

const pooledMailer: SmtpMailerFactory = (url) => createTransport(smtpPoolOptions(url));

// One mailer per SMTP_URL and process; the URL is read on use so tests can point it at their own server.
const holder = globalThis as unknown as {
  __smtpMailer?: { url: string; mailer: SmtpMailer };
  __smtpMailerFactory?: SmtpMailerFactory;
};

/** Makes this process send SMTP through `factory` (the job worker's sender thread); null: nodemailer's pool here. */
export function setSmtpMailer(factory: SmtpMailerFactory | null): void {
  closeTransport();
  holder.__smtpMailerFactory = factory ?? undefined;
}

function smtpMailer(url: string): SmtpMailer {
  if (holder.__smtpMailer?.url !== url) {
    holder.__smtpMailer?.mailer.close();
    holder.__smtpMailer = { url, mailer: (holder.__smtpMailerFactory ?? pooledMailer)(url) };
  }
  return holder.__smtpMailer.mailer;
}

/** Sends through SMTP_URL when set; otherwise writes the message to DATA_DIR/outbox as an .eml file. */
export async function sendMail(mail: OutgoingMail): Promise<SentMail> {
  const message: MailMessage = {
    from: mailFrom(),
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
  const url = process.env.SMTP_URL;
  if (url) {
    const info = await smtpMailer(url).sendMail(message);
    return { messageId: info.messageId };
  }
  return writeToOutboxDir(message, mail.id);
}

async function writeToOutboxDir(message: MailMessage, id: string | undefined): Promise<SentMail> {
  const info = await createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  // Colons are not allowed in Windows file names, so the ISO time uses dashes there.
  const time = new Date().toISOString().replace(/:/g, "-");
  const safeId = (id ?? crypto.randomUUID()).replace(/[^A-Za-z0-9-]/g, "");
  await fs.writeFile(path.join(dir, `${time}-${safeId}.eml`), info.message as Buffer);
  return { messageId: info.messageId };
}

/** Closes pooled SMTP connections (worker shutdown, tests). */
export function closeTransport(): void {
  holder.__smtpMailer?.mailer.close();
  holder.__smtpMailer = undefined;
}

const outboxFileName = /^[A-Za-z0-9][A-Za-z0-9._-]*\.eml$/;

/** The .eml files written without SMTP, newest first (for the development outbox page). */
export async function listOutboxFiles(): Promise<OutboxFile[]> {
  const dir = outboxDir();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = await Promise.all(
    names
      .filter((name) => outboxFileName.test(name))
      .map(async (name) => {
        const stat = await fs.stat(path.join(dir, name));
        return stat.isFile() ? { name, size: stat.size, modifiedAt: stat.mtime } : null;
      }),
  );
  return files
    .filter((file): file is OutboxFile => file !== null)
    .sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || b.name.localeCompare(a.name));
}

/** One outbox file's raw content, or null when the name is not a plain .eml name in the outbox folder. */
export async function readOutboxFile(name: string): Promise<string | null> {
  if (!outboxFileName.test(name) || path.basename(name) !== name) return null;
  const dir = path.resolve(outboxDir());
  const file = path.resolve(dir, name);
  if (path.dirname(file) !== dir) return null;
  try {
    return await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
