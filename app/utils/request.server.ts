/** True when the browser reached us over HTTPS (directly, or through a proxy trusted with TRUST_PROXY). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** Only same-site relative paths may be redirect targets, never //evil.example. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
