/**
 * The one check for redirect targets that come from a request (redirectTo, returnTo and the like;
 * docs/decisions/0604). A target is a path on this site, judged after the WHATWG URL parser has had
 * its say, since that is what the browser follows: "/\t/evil.example" loses its tab and becomes
 * "//evil.example", another host. Refused: anything not starting with one "/", control characters
 * (tab, newline, NUL …), backslashes (browsers read them as "/"), and whatever the parser would take
 * off this origin. The answer is the normalised path, query and fragment, so what we send is what the
 * browser opens.
 */
const probe = "http://same-origin.invalid";

export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, probe);
  } catch {
    return fallback;
  }
  if (url.origin !== probe) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The parser may still produce "//…" (e.g. from "/.//evil"), which a browser would read as a host.
  if (path.startsWith("//") || !path.startsWith("/")) return fallback;
  return path;
}
