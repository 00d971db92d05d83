import type { i18n as I18n } from "i18next";
import type { Language } from "./i18n";

type Bundle = Record<string, Record<string, unknown>>;

/** Where the browser reads one language's texts: one request, versioned by the texts' hash (decision 1950). */
export function translationsUrl(lng: string, version: string | undefined): string {
  return `/resources/translations/${lng}${version ? `?v=${version}` : ""}`;
}

/** Reads a language's texts, namespace → texts. */
export async function fetchTranslations(lng: string): Promise<Bundle> {
  const response = await fetch(translationsUrl(lng, document.documentElement.dataset.locales));
  if (!response.ok) throw new Error(`translations for ${lng}: ${response.status}`);
  return (await response.json()) as Bundle;
}

/**
 * Switches the browser's texts to `lng` (the root loader's language after a switch): its texts are read first when
 * this page has not had them yet, so no text flashes as its key.
 */
export async function switchLanguage(i18n: I18n, lng: Language): Promise<void> {
  if (i18n.language === lng) return;
  if (!i18n.hasResourceBundle(lng, "common")) {
    const bundle = await fetchTranslations(lng);
    for (const [ns, texts] of Object.entries(bundle)) i18n.addResourceBundle(lng, ns, texts, true, true);
  }
  await i18n.changeLanguage(lng);
}
