// The job worker's SMTP pool, on a thread of its own (jobs/smtp-sender.server.ts, docs/decisions/1414):
// the main thread builds each message, this thread transmits it, so the two halves of nodemailer's CPU
// work run side by side. Plain JavaScript: tsx does not load TypeScript into worker threads.
// In: { id, envelope, raw } (raw: the built message's bytes); out: { id } or { id, error }.
// { close: true } closes the pool and ends the thread once the messages in flight are answered.
import { parentPort, workerData } from "node:worker_threads";
import { createTransport } from "nodemailer";

const mailer = createTransport(workerData.options);
let inFlight = 0;
let closing = false;

function finishIfDone() {
  if (closing && inFlight === 0) {
    mailer.close();
    parentPort.close();
  }
}

parentPort.on("message", (data) => {
  if (data.close) {
    closing = true;
    finishIfDone();
    return;
  }
  inFlight += 1;
  mailer
    .sendMail({ envelope: data.envelope, raw: Buffer.from(data.raw.buffer, data.raw.byteOffset, data.raw.byteLength) })
    .then(
      () => parentPort.postMessage({ id: data.id }),
      (error) => parentPort.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => {
      inFlight -= 1;
      finishIfDone();
    });
});
