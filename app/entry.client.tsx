import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import Backend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18nConfig, { browserNamespaces } from "./utils/i18n";

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
  // Versioned by the files' content hash (root loader), so a deploy's new texts are never read from cache.
  const version = document.documentElement.dataset.locales;

  await i18next
    .use(initReactI18next)
    .use(Backend)
    .init({
      ...i18nConfig,
      // The server rendered <html lang>. All namespaces load before hydration, so pages reached by
      // client-side navigation are translated at once (docs/decisions/0006-translations-in-the-browser.md).
      lng: document.documentElement.lang,
      ns: browserNamespaces,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json${version ? `?v=${version}` : ""}` },
      detection: { order: ["htmlTag"], caches: [] },
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
