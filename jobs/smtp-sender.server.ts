import { Worker } from "node:worker_threads";
import { createTransport } from "nodemailer";
import { smtpPoolOptions, type MailMessage, type SmtpMailer } from "~/features/email/transport.server";

type Pending = { resolve: () => void; reject: (error: Error) => void };
type Reply = { id: number; error?: string };

/**
 * The job worker's SMTP mailer (docs/decisions/1414): each message is built on the calling thread, as
 * nodemailer builds it, and transmitted by nodemailer's pool on a thread of its own
 * (jobs/smtp-sender.thread.mjs), so that building, transmitting and the worker's own database and render
 * work use both cores instead of one. Same promise per message as nodemailer's sendMail (the Message-ID
 * of the built message); a failure comes back as an Error with nodemailer's message. A thread that ended
 * (crash, close) fails what it still held and is started again on the next message. The thread holds the
 * process open only while messages are out.
 */
export function threadMailer(url: string): SmtpMailer {
  let current: { worker: Worker; pending: Map<number, Pending> } | undefined;
  let nextId = 0;
  const composer = createTransport({ streamTransport: true, buffer: true });

  const start = () => {
    const worker = new Worker(new URL("./smtp-sender.thread.mjs", import.meta.url), {
      workerData: { options: smtpPoolOptions(url) },
    });
    const pending = new Map<number, Pending>();
    const failAll = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if (reply.error !== undefined) waiting.reject(new Error(reply.error));
      else waiting.resolve();
    });
    worker.on("error", failAll);
    worker.on("exit", () => {
      if (current?.worker === worker) current = undefined;
      failAll(new Error("The SMTP sender thread ended before the message was sent"));
    });
    return { worker, pending };
  };

  return {
    async sendMail(message: MailMessage) {
      const built = await composer.sendMail(message);
      current ??= start();
      const { worker, pending } = current;
      const id = nextId++;
      const raw = built.message as Buffer;
      await new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, envelope: built.envelope, raw });
      });
      return { messageId: built.messageId };
    },
    close() {
      current?.worker.postMessage({ close: true });
      current = undefined;
    },
  };
}
