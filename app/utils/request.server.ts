/** True when the browser reached us over HTTPS (directly, or through a proxy trusted with TRUST_PROXY). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** Only paths on this site may be redirect targets; the one check lives in safe-redirect.ts (decision 0604). */
export { safeRedirectPath } from "./safe-redirect";
