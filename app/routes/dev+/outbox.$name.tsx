import type { LoaderFunctionArgs } from "@remix-run/node";
import { readDevOutboxMessage } from "~/features/email/dev-outbox.server";
import { requireLoopbackPeer } from "~/utils/peer.server";

// public route: one raw message of the development outbox (see dev+/outbox.tsx), as plain text; loopback only.
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireLoopbackPeer(context);
  const raw = await readDevOutboxMessage(params.name ?? "");
  return new Response(raw, { headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" } });
}
