import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18nConfig, { browserNamespaces } from "./utils/i18n";
import { fetchTranslations } from "./utils/i18n.client";

/*
 * A navigation that replaces another aborts the first one's data requests; with single fetch, Remix 2 lets
 * that abort surface as an unhandled rejection ("signal is aborted without reason", remix-run/react-router
 * #14203). It is the expected end of a superseded request, not a fault, so it is not reported as one.
 * Every other rejection still reaches the console (and fails the end-to-end tests).
 */
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

async function hydrate() {
  // The server rendered <html lang>. All of its texts load before hydration, in one request (docs/decisions/1950),
  // so pages reached by client-side navigation are translated at once (0006). Every key exists in every language
  // (tests/unit/locales.test.ts), so no fallback language is loaded.
  const lng = document.documentElement.lang;
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng,
    fallbackLng: false,
    ns: browserNamespaces,
    resources: { [lng]: await fetchTranslations(lng) },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
