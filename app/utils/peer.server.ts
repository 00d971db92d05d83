import type { AppLoadContext } from "@remix-run/node";

/**
 * True for a socket peer on this machine: 127.0.0.0/8, ::1, or either as an IPv4-mapped IPv6 address.
 * Only the socket's own address counts (server/app.ts passes req.socket.remoteAddress as
 * context.socketAddress); X-Forwarded-For and TRUST_PROXY play no part, since anyone can send the header.
 */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return address === "::1" || address === "0:0:0:0:0:0:0:1";
}

/** Guard of the development pages: 404 (as if they did not exist) unless the request came from this machine. */
export function requireLoopbackPeer(context: AppLoadContext): void {
  if (!isLoopbackAddress(context.socketAddress)) throw new Response("Not found", { status: 404 });
}
