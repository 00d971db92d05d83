/**
 * helmet's headers, worked out once (docs/decisions/0013). helmet builds the same dozen headers for every
 * request, the Content-Security-Policy from its directive list each time; only our nonce differs between
 * requests (2–3 % of a page's CPU). We run helmet once against a recording response with a placeholder
 * nonce and replay its headers, putting each request's nonce in place of the placeholder.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The app's headers: a nonce-based script policy, no framing at all (frame-ancestors 'none' and, for
 * browsers that only know the older header, X-Frame-Options DENY), HSTS only behind a TLS proxy.
 */
export function appSecurityHeaderOptions({ mode, hsts }: { mode: string; hsts: boolean }): HelmetOptions {
  return {
    xPoweredBy: false,
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: hsts ? undefined : false,
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "connect-src": mode === "development" ? ["'self'", "ws:"] : ["'self'"],
        "img-src": ["'self'", "data:"],
        // Inline style attributes (SVG charts, progress widths) are harmless; scripts stay strict.
        "style-src": ["'self'", "'unsafe-inline'"],
        "script-src": [
          "'strict-dynamic'",
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
        ],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": null,
      },
    },
  };
}

const PLACEHOLDER = "nonce-placeholder-7f3c9a";

type Header = { name: string; parts: string[] };

/** `options` may use `(req, res) => res.locals.cspNonce` in directives; nothing else of the request. */
export function precomputedSecurityHeaders(options: HelmetOptions): (nonce: string) => [string, string][] {
  const recorded: Header[] = [];
  const response = {
    locals: { cspNonce: PLACEHOLDER },
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded.push({ name, parts: String(value).split(PLACEHOLDER) });
    },
    removeHeader() {},
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return (nonce) => recorded.map(({ name, parts }) => [name, parts.join(nonce)]);
}
