import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { readMail } from "../support/smtp";

/**
 * The e2e web server and worker send over SMTP to a real SMTP server (tests/support/smtp-capture-server.ts,
 * started by playwright.config.ts), which writes every message it receives to $E2E_SMTP_DIR as an .eml file.
 */
function captureDir(): string {
  const dir = process.env.E2E_SMTP_DIR;
  if (!dir) throw new Error("E2E_SMTP_DIR is not set (playwright.config.ts sets it)");
  return dir;
}

async function mailsTo(address: string) {
  let names: string[] = [];
  try {
    names = (await fs.readdir(captureDir())).filter((n) => n.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  const mails = [];
  for (const name of names) {
    const mail = readMail(await fs.readFile(path.join(captureDir(), name), "utf8"));
    if (mail.to.toLowerCase().includes(address.toLowerCase())) mails.push(mail);
  }
  return mails;
}

/** Waits for the n-th (default first) message to the address whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: string | RegExp) {
  let found: Awaited<ReturnType<typeof mailsTo>>[number] | undefined;
  await expect
    .poll(
      async () => {
        const all = await mailsTo(address);
        found = all
          .reverse()
          .find((m) => (typeof subject === "string" ? m.subject === subject : subject.test(m.subject)));
        return Boolean(found);
      },
      { timeout: 20_000, intervals: [300, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** The app path of the first link to `prefix` in the text part (the host comes from APP_URL). */
export function linkPath(text: string | undefined, prefix: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${prefix.replace(/\//g, "\\/")}[^\\s]*)`).exec(text ?? "");
  if (!match) throw new Error(`no ${prefix} link in the mail:\n${text}`);
  return match[1];
}
