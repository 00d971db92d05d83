import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import i18nConfig, { browserNamespaces, namespaces, supportedLanguages, type Language } from "./i18n";
import { detectLanguage } from "./language-detection";
import { memoPerRequest } from "./request-scope.server";
import { sessionLanguage } from "./tenant.server";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

function readResources() {
  return Object.fromEntries(
    supportedLanguages.map((lng) => [
      lng,
      Object.fromEntries(
        namespaces.map((ns) => [
          ns,
          JSON.parse(fs.readFileSync(path.resolve(`public/locales/${lng}/${ns}.json`), "utf8")) as object,
        ]),
      ),
    ]),
  );
}

let version: string | null = null;

/**
 * A hash of every translation file. The browser loads its language's texts as /resources/translations/<lng>?v=<hash>
 * (1950), so a deploy with changed texts gives new URLs, and no browser hydrates with an hour-old cached text
 * (docs/decisions/0663-versioned-translation-urls.md). Read once in production, per call otherwise.
 */
export function localesVersion(): string {
  if (version && process.env.NODE_ENV === "production") return version;
  const hash = crypto.createHash("sha256");
  for (const lng of supportedLanguages) {
    for (const ns of namespaces) {
      hash.update(`${lng}/${ns}\u0000`);
      hash.update(fs.readFileSync(path.resolve(`public/locales/${lng}/${ns}.json`)));
    }
  }
  version = hash.digest("hex").slice(0, 12);
  return version;
}

const browserBundles = new Map<Language, string>();

/**
 * The browser's texts of one language as one JSON object, namespace → texts (the e-mail texts left out): what
 * /resources/translations/<lng> answers and entry.client.tsx starts i18next with. Kept in production.
 */
export function browserTranslations(lng: Language): string {
  const kept = process.env.NODE_ENV === "production" ? browserBundles.get(lng) : undefined;
  if (kept) return kept;
  const texts = sharedI18n().store.data[lng] ?? {};
  const bundle = JSON.stringify(Object.fromEntries(browserNamespaces.map((ns) => [ns, texts[ns] ?? {}])));
  browserBundles.set(lng, bundle);
  return bundle;
}

let shared: I18n | null = null;

/**
 * One i18next instance with every language and namespace in memory, read from public/locales once
 * (per call outside production, so that edited texts show up while developing). Requests use
 * getFixedT or cloneInstance on it: no file is read and no instance initialised per request.
 */
export function sharedI18n(): I18n {
  if (shared && process.env.NODE_ENV === "production") return shared;
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    ...i18nConfig,
    resources: readResources(),
    ns: [...namespaces],
    initImmediate: false,
  });
  shared = rememberPlainTexts(instance, new Map());
  return instance;
}

const clonesOf = new WeakMap<I18n, Map<Language, I18n>>();

/**
 * The instance a document render uses: sharedI18n()'s texts (and memo) in one language. Rendering only
 * reads from it, so requests in the same language share one clone instead of cloning per request.
 */
export function requestI18n(lng: Language): I18n {
  const base = sharedI18n();
  let clones = clonesOf.get(base);
  if (!clones) clonesOf.set(base, (clones = new Map()));
  let clone = clones.get(lng);
  if (!clone) clones.set(lng, (clone = rememberPlainTexts(base.cloneInstance({ lng }), memoOf.get(base)!)));
  return clone;
}

const memoOf = new WeakMap<I18n, Map<string, string>>();
const translationOptions = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/**
 * i18next resolves every t() call from scratch (key parsing, namespace and language fallbacks: 5–10 µs),
 * and a page makes hundreds of the same calls: about 10 % of a page's CPU. A call without interpolation,
 * count or other options always gives the same text for the same language, namespaces and key, so it is
 * remembered (docs/decisions/0012). The memo lives as long as the texts: a new sharedI18n() starts a new one.
 */
function rememberPlainTexts(instance: I18n, memo: Map<string, string>): I18n {
  memoOf.set(instance, memo);
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown;
  const remembered = (key: unknown, options?: Record<string, unknown>) => {
    const plain =
      typeof key === "string" &&
      typeof options === "object" &&
      options !== null &&
      Object.keys(options).every((name) => translationOptions.has(name));
    if (!plain) return translate(key, options);
    const lng = options.lng ?? (options.lngs as string[] | undefined)?.join(",") ?? instance.language;
    const ns = Array.isArray(options.ns) ? options.ns.join(",") : String(options.ns ?? "");
    const memoKey = `${lng}\u0000${ns}\u0000${String(options.keyPrefix ?? "")}\u0000${key}`;
    const known = memo.get(memoKey);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (typeof text === "string") memo.set(memoKey, text);
    return text;
  };
  instance.t = remembered as I18n["t"];

  // Components get their t() from getFixedT (react-i18next's useTranslation), whose own option and key
  // handling ran before the memo above on every call (7 % of the personnel list): a plain call
  // (a key, nothing else) of a fixed t() is remembered under its language, namespaces and key prefix.
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const fixed = getFixedT(lng, ns, keyPrefix);
    const language = Array.isArray(lng) ? lng.join(",") : String(lng ?? instance.language);
    const prefix = `fixed\u0000${language}\u0000${Array.isArray(ns) ? ns.join(",") : String(ns ?? "")}\u0000${String(keyPrefix ?? "")}\u0000`;
    const rememberedFixed = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== "string" || rest.some((arg) => arg !== undefined)) return fixed(key, ...rest);
      const known = memo.get(prefix + key);
      if (known !== undefined) return known;
      const text = fixed(key);
      if (typeof text === "string") memo.set(prefix + key, text);
      return text;
    };
    return Object.assign(rememberedFixed, { lng: fixed.lng, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  }) as unknown as I18n["getFixedT"];
  return instance;
}

type FixedT = ((key: unknown, ...rest: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };

/**
 * The request's language (user setting, lng cookie, Accept-Language, Dutch: language-detection.ts);
 * root, layout and page loaders all ask, it is detected once a request.
 */
export async function getLanguage(request: Request): Promise<Language> {
  return memoPerRequest(request, "language", async () =>
    detectLanguage({
      userLanguage: await sessionLanguage(request),
      cookieHeader: request.headers.get("Cookie"),
      acceptLanguage: request.headers.get("Accept-Language"),
    }),
  );
}

/** A server-side t() for titles and messages built in loaders; every namespace is available. */
export async function getServerT(request: Request) {
  return sharedI18n().getFixedT(await getLanguage(request), [...namespaces]);
}
