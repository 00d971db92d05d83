/**
 * A real SMTP server for the end-to-end run (playwright.config.ts starts it as a `webServer`): it accepts every
 * message on 127.0.0.1 at a free port (tests/support/ports.ts), which it prints, and writes it to $SMTP_CAPTURE_DIR/<sortable-name>.eml, which
 * tests/e2e/mail.ts reads. The web server and the worker send to it through SMTP_URL, as in production.
 */
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { e2ePortVariables } from "./e2e-sso";
import { listenOnFreePort } from "./ports";

const dir = process.env.SMTP_CAPTURE_DIR;
if (!dir) throw new Error("Set SMTP_CAPTURE_DIR");
fs.mkdirSync(dir, { recursive: true });

let sequence = 0;
/** Sorts by arrival: a fixed-width time, then a counter for messages within the same millisecond. */
function nextName(): string {
  sequence += 1;
  return `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(sequence).padStart(6, "0")}.eml`;
}

const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", callback);
    stream.on("end", () => {
      const name = nextName();
      // Write then rename, so a reader never sees half a message.
      const temporary = path.join(dir, `.${name}.part`);
      fs.promises
        .writeFile(temporary, Buffer.concat(chunks))
        .then(() => fs.promises.rename(temporary, path.join(dir, name)))
        .then(() => callback(), callback);
    });
  },
});

const port = await listenOnFreePort(
  (candidate) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(candidate, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    }),
);
// playwright.config.ts waits for this line and stores the port in the environment (e2ePortVariables).
console.log(`SMTP capture ready: ${e2ePortVariables.smtp}=${port}, writing to ${dir}`);

// Every message is on disk once acknowledged; exit at once rather than wait for the senders' pooled connections.
process.on("SIGTERM", () => process.exit(0));
process.on("SIGINT", () => process.exit(0));
