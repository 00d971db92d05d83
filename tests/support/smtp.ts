import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback that keeps raw messages, and a minimal MIME reader for them. */

export type CapturedMail = { envelopeTo: string[]; raw: string };

export async function startSmtpCapture(
  options: {
    rejectRecipient?: string;
    delayMs?: number;
    /** While it answers true, a message is held (no 250 yet) in `held` until the test calls its `release`. */
    hold?: () => boolean;
  } = {},
) {
  const messages: CapturedMail[] = [];
  const held: { envelopeTo: string[]; release: () => void }[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === options.rejectRecipient) return callback(new Error("Mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        if (options.hold?.()) {
          held.push({ envelopeTo: mail.envelopeTo, release: () => (messages.push(mail), callback()) });
          return;
        }
        messages.push(mail);
        // A slow server: the message is accepted only after the delay.
        if (options.delayMs) setTimeout(callback, options.delayMs);
        else callback();
      });
    },
  });
  // A client that stops mid-message (a worker that exits) leaves a reset socket.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type MimePart = { headers: Map<string, string>; body: string };

function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
    .replace(/[^%]/g, (char) => encodeURIComponent(char));
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
}

function parseMime(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headerText = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    return [{ headers, body: "" }, ...parts.flatMap((part) => parseMime(part.replace(/^\r?\n/, "")))];
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const decoded =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  return [{ headers, body: decoded }];
}

export function readMail(raw: string) {
  const [top, ...parts] = parseMime(raw);
  const part = (type: string) => parts.find((p) => p.headers.get("content-type")?.toLowerCase().startsWith(type));
  return {
    subject: decodeEncodedWords(top.headers.get("subject") ?? ""),
    to: top.headers.get("to") ?? "",
    from: decodeEncodedWords(top.headers.get("from") ?? ""),
    messageId: top.headers.get("message-id") ?? "",
    contentType: top.headers.get("content-type") ?? "",
    text: part("text/plain")?.body,
    html: part("text/html")?.body,
  };
}
