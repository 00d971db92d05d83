import { defaultLanguage, supportedLanguages, toLanguage, type Language } from "./i18n";

/**
 * The one language detection of the app: the pages (i18n.server.ts), the database-outage page and the
 * HTTP edge's refusals all ask it. Plain functions of header values, no server modules, so server/edge.ts
 * can use it before Remix sees the request.
 */

function ourLanguage(primaryTag: string): Language | null {
  const code = primaryTag.toLowerCase();
  return (supportedLanguages as readonly string[]).includes(code) ? (code as Language) : null;
}

/**
 * The browser's most preferred language we have: every entry of Accept-Language ranked by q (in
 * header order when equal), `fr-FR, en;q=0.8` gives en. Null when none is ours.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  const ranked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { language: ourLanguage(tag.trim().split("-")[0]), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(
      (entry): entry is { language: Language; q: number; index: number } => entry.language !== null && entry.q > 0,
    )
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? null;
}

/** The `lng` cookie as Remix writes it (unsigned: URI-encoded base64 of JSON); null when absent or not ours. */
export function languageFromCookieHeader(cookieHeader: string | null | undefined): Language | null {
  const raw = /(?:^|;\s*)lng=([^;]*)/.exec(cookieHeader ?? "")?.[1];
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(atob(decodeURIComponent(raw)));
    return typeof value === "string" ? toLanguage(value) : null;
  } catch {
    return null;
  }
}

/** The user's own setting, then the lng cookie, then Accept-Language, then Dutch. */
export function detectLanguage(input: {
  userLanguage?: string | null;
  cookieHeader?: string | null;
  acceptLanguage?: string | null;
}): Language {
  return (
    toLanguage(input.userLanguage) ??
    languageFromCookieHeader(input.cookieHeader) ??
    languageFromAcceptLanguage(input.acceptLanguage) ??
    defaultLanguage
  );
}
