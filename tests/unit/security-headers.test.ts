import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";
import { describe, expect, it } from "vitest";
import { appSecurityHeaderOptions, precomputedSecurityHeaders } from "../../server/security-headers";

const options: HelmetOptions = {
  xPoweredBy: false,
  referrerPolicy: { policy: "same-origin" },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    directives: {
      "default-src": ["'self'"],
      "script-src": ["'strict-dynamic'", "'self'", (_req, res) => `'nonce-${(res as unknown as Res).locals.cspNonce}'`],
      "upgrade-insecure-requests": null,
    },
  },
};

type Res = { locals: { cspNonce: string } };

/** What helmet itself sets on a response whose nonce is `nonce`. */
function helmetHeaders(nonce: string): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    locals: { cspNonce: nonce },
    setHeader: (n: string, v: unknown) => headers.push([n, String(v)]),
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

describe("precomputedSecurityHeaders", () => {
  it("gives every request exactly helmet's headers, with its own nonce in the policy", () => {
    const headersFor = precomputedSecurityHeaders(options);
    for (const nonce of ["0123abcd", "ffee9988"]) {
      const headers = headersFor(nonce);
      expect(headers).toEqual(helmetHeaders(nonce));
      const policy = Object.fromEntries(headers)["Content-Security-Policy"];
      expect(policy).toContain(`script-src 'strict-dynamic' 'self' 'nonce-${nonce}'`);
    }
    expect(Object.fromEntries(headersFor("x"))["X-Content-Type-Options"]).toBe("nosniff");
  });
});

describe("appSecurityHeaderOptions", () => {
  it("forbids framing twice over: frame-ancestors 'none' and X-Frame-Options DENY", () => {
    for (const mode of ["production", "development"]) {
      const headers = Object.fromEntries(
        precomputedSecurityHeaders(appSecurityHeaderOptions({ mode, hsts: false }))("abc123"),
      );
      expect(headers["X-Frame-Options"]).toBe("DENY");
      expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
      expect(headers["Content-Security-Policy"]).toContain("'nonce-abc123'");
      expect(headers["Strict-Transport-Security"]).toBeUndefined();
    }
  });

  it("sends HSTS only when asked (production behind a TLS proxy)", () => {
    const headers = Object.fromEntries(
      precomputedSecurityHeaders(appSecurityHeaderOptions({ mode: "production", hsts: true }))("n"),
    );
    expect(headers["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });
});
