import path from "node:path";
import { createCookie } from "@remix-run/node";
import { eq } from "drizzle-orm";
import Backend from "i18next-fs-backend";
import { RemixI18Next } from "remix-i18next/server";
import { getDb } from "#db/client.server";
import { sessions, users } from "#db/schema";
import i18nConfig, { defaultLanguage, namespaces, toLanguage, type Language } from "./i18n";
import { readSessionId } from "./session.server";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** The signed-in user's own language setting wins over cookie and browser. */
async function languageOfSessionUser(request: Request): Promise<string | null> {
  const sessionId = await readSessionId(request).catch(() => null);
  if (!sessionId) return null;
  const [row] = await getDb()
    .select({ language: users.language })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.language ?? null;
}

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    order: ["custom", "cookie", "header"],
    findLocale: languageOfSessionUser,
  },
  i18next: {
    ...i18nConfig,
    backend: { loadPath: path.resolve("public/locales/{{lng}}/{{ns}}.json") },
  },
  plugins: [Backend],
});

export async function getLanguage(request: Request): Promise<Language> {
  return toLanguage(await i18next.getLocale(request)) ?? defaultLanguage;
}

/** A server-side t() for titles and messages built in loaders; every namespace is available. */
export function getServerT(request: Request) {
  return i18next.getFixedT(request, [...namespaces]);
}
