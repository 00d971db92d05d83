import { devOutboxEnabled } from "~/utils/env.server";
import { listOutboxFiles, readOutboxFile } from "./transport.server";

/** The local outbox exists only in development or when npm start runs without SMTP (DEV_OUTBOX=1). */
function assertEnabled(): void {
  if (!devOutboxEnabled() || process.env.SMTP_URL) throw new Response("Not found", { status: 404 });
}

export async function listDevOutbox() {
  assertEnabled();
  return (await listOutboxFiles()).map((f) => ({ name: f.name, size: f.size, modifiedAt: f.modifiedAt.toISOString() }));
}

export async function readDevOutboxMessage(name: string): Promise<string> {
  assertEnabled();
  const raw = await readOutboxFile(name);
  if (raw === null) throw new Response("Not found", { status: 404 });
  return raw;
}
