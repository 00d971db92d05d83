/**
 * `npm run digests`: one run of the digest schedule now, as the worker runs it on Monday at 07:00
 * (docs/decisions/1100), then delivers the digests it queued: through SMTP_URL, or without it as .eml
 * files in DATA_DIR/outbox (the page /dev/outbox). On the fresh demo that is one digest of each
 * frequency (docs/decisions/1261). Uses DATABASE_URL, else the built-in PostgreSQL of `npm start` in
 * DATA_DIR (stop `npm start` first: its database has one owner); an empty database gets the demo data.
 */
import path from "node:path";
import { and, eq, gte } from "drizzle-orm";
import { closeDb, getDb } from "#db/client.server";
import { emailOutbox } from "#db/schema";
import { stopSenderBoss } from "#jobs/boss.server";
import { sendDigests } from "~/features/digests/digests.server";
import { deliverEmail } from "~/features/email/outbox.server";
import { closeTransport } from "~/features/email/transport.server";
import { prepareDatabase } from "./prepare-database";
import { projectRoot } from "./processes";

process.chdir(projectRoot);
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR ?? ".data");
const database = await prepareDatabase(process.env.DATA_DIR);
process.env.DATABASE_URL = database.url;
let failed = false;
try {
  const started = new Date(Date.now() - 1000);
  const result = await sendDigests();
  // The run also queued a delivery job per digest; a worker that picks one up later finds it sent.
  const queued = await getDb()
    .select({ id: emailOutbox.id, to: emailOutbox.toAddress, props: emailOutbox.props })
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.template, "digest"), eq(emailOutbox.status, "pending"), gte(emailOutbox.createdAt, started)),
    );
  for (const row of queued) {
    await deliverEmail(row.id);
    console.log(`  ${row.to} (${(row.props as { frequency: string }).frequency})`);
  }
  console.log(`${result.sent} digest(s) sent; ${result.nothingNew} member(s) had nothing new.`);
  if (!process.env.SMTP_URL) console.log(`Mail: ${path.join(process.env.DATA_DIR, "outbox")} (/dev/outbox)`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  closeTransport();
  await stopSenderBoss();
  await closeDb();
  await database.stop();
}
process.exit(failed ? 1 : 0);
