import type { LoaderFunctionArgs } from "@remix-run/node";
import { readDevOutboxMessage } from "~/features/email/dev-outbox.server";

// public route: one raw message of the development outbox (see dev+/outbox.tsx), as plain text.
export async function loader({ params }: LoaderFunctionArgs) {
  const raw = await readDevOutboxMessage(params.name ?? "");
  return new Response(raw, { headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" } });
}
