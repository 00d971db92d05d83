/**
 * Where `npm start` lets the web server listen (docs/decisions/0600). Without SMTP_URL mail is kept in
 * DATA_DIR/outbox and shown at /dev/outbox, and reset links in it would let anyone who can read it take
 * over an account: the server then listens on 127.0.0.1 only, unless HOST says otherwise. (The outbox
 * itself answers only loopback peers in any case.) With SMTP it listens on all interfaces, as before.
 */
export type StartNetwork = { host: string; outbox: boolean; loopbackOnly: boolean };

export function startNetwork(env: { SMTP_URL?: string; HOST?: string }): StartNetwork {
  const outbox = !env.SMTP_URL;
  const configured = env.HOST?.trim();
  const host = configured || (outbox ? "127.0.0.1" : "0.0.0.0");
  const loopbackOnly = host === "127.0.0.1" || host === "::1" || host === "localhost";
  return { host, outbox, loopbackOnly };
}

/** The start-up banner's lines about the network and the outbox. */
export function networkBanner(network: StartNetwork, url: string, outboxDir: string): string[] {
  const lines: string[] = [];
  if (network.loopbackOnly) {
    lines.push(`  Only this machine can reach it (HOST=${network.host}); set HOST=0.0.0.0 to open it to the network.`);
  }
  if (network.outbox) {
    lines.push(`  Mail is not sent (no SMTP_URL): see ${url}/dev/outbox (files in ${outboxDir}),`);
    lines.push("  which answers only browsers on this machine.");
  }
  return lines;
}
