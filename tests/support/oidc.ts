import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** Tests only: a real OpenID provider (oidc-provider) on 127.0.0.1 with a random port. */
export type TestAccount = { sub: string; email?: string; email_verified?: boolean };

export type TestIdp = {
  origin: string;
  issuer: string;
  accounts: Map<string, TestAccount>;
  close: () => Promise<void>;
};

/**
 * Starts a provider mounted at `mountPath` (Entra's issuer is https://login.microsoftonline.com/{tid}/v2.0,
 * so the azure provider is mounted at /ms/{tid}/v2.0). Extra claims (tid) go into every ID token.
 */
export async function startIdp(input: {
  mountPath: string;
  clients: { client_id: string; client_secret: string; redirect_uris: string[] }[];
  extraClaims?: Record<string, string>;
  /** A fixed port (the end-to-end run); a random free one by default. */
  port?: number;
  /** The account for a login typed on the provider's page when `accounts` has none (default: subject only). */
  accountFor?: (login: string) => TestAccount;
}): Promise<TestIdp> {
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject); // a taken fixed port: the caller may try another (tests/support/ports.ts)
    server.listen(input.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = origin + input.mountPath;
  const extra = input.extraClaims ?? {};
  const provider = new Provider(issuer, {
    clients: input.clients.map((c) => ({
      ...c,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    claims: { openid: ["sub", ...Object.keys(extra)], email: ["email", "email_verified"] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-idp-cookie-key"] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? input.accountFor?.(id) ?? { sub: id };
      return { accountId: id, claims: async () => ({ ...account, sub: account.sub, ...extra }) };
    },
  });
  provider.proxy = false;
  const handler = provider.callback();
  server.on("request", (req, res) => {
    const url = req.url ?? "/";
    if (!url.startsWith(input.mountPath)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    // As express does when mounting: originalUrl keeps the prefix, url loses it.
    (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(input.mountPath.length) || "/";
    handler(req, res);
  });
  return {
    origin,
    issuer,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the browser at the provider: follows redirects with a cookie jar, signs in on the dev login page
 * as `login`, confirms consent, and stops at the first redirect back to `callbackPrefix`.
 */
export async function signInAtIdp(authorizationUrl: string, login: string, callbackPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      body,
      headers: { Cookie: cookie(), ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
      redirect: "manual",
    });
    remember(res);
    body = undefined;
    const location = res.headers.get("Location");
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(callbackPrefix)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on provider page: ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    body = html.includes('name="prompt" value="login"')
      ? new URLSearchParams({ prompt: "login", login, password: "any" })
      : new URLSearchParams({ prompt: "consent" });
  }
  throw new Error("too many redirects at the provider");
}
