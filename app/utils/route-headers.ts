import type { HeadersFunction } from "@remix-run/node";

/**
 * Remix sends a page's answer headers only through the route's `headers` export: without one, only
 * Set-Cookie survives, so a 429's Retry-After or a token page's Referrer-Policy set by the loader or
 * action never reaches the browser. Every route whose loader or action sets headers of its own exports
 * this (`export { ownHeaders as headers }`); tests/integration/retry-after-http.test.ts finds the
 * throttled routes and checks their 429s over HTTP.
 */
export const ownHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  // Later wins: the action's answer over the loader's, a thrown answer over both. Remix adds Set-Cookie itself.
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
};

/**
 * Referrer policy of a page whose URL holds a secret (invitation, password reset, login-as token): the
 * address never leaves this site, yet a form POST from the page still carries its Origin. `no-referrer`
 * would make a browser without JavaScript send `Origin: null`, which the origin check refuses (403).
 */
export const TOKEN_PAGE_REFERRER_POLICY = { "Referrer-Policy": "same-origin" } as const;
