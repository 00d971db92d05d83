import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? ".data");
}

let cachedSecret: string | undefined;

/**
 * SESSION_SECRET signs cookies. A one-machine install (npm start) may leave it unset: we then keep a
 * random secret in DATA_DIR so that sessions survive restarts. Several processes must share SESSION_SECRET.
 */
export function sessionSecret(): string {
  if (cachedSecret) return cachedSecret;
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) return (cachedSecret = fromEnv);
  const file = path.join(dataDir(), "session-secret");
  try {
    cachedSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    cachedSecret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, cachedSecret, { mode: 0o600 });
  }
  return cachedSecret;
}

export const isProduction = process.env.NODE_ENV === "production";

/** The development outbox page shows mail written to disk; never on a production deployment with SMTP. */
export function devOutboxEnabled(): boolean {
  return !isProduction || process.env.DEV_OUTBOX === "1";
}

/**
 * The public address used in links in e-mails: APP_URL, or else where this server listens (HOST and PORT,
 * as server/web.ts reads them), so that a server on another port does not send links to port 3000.
 */
export function appUrl(): string {
  const configured = process.env.APP_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  const host = process.env.HOST?.trim();
  const shownHost = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host;
  const port = process.env.PORT?.trim() || "3000";
  return `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`;
}
