import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import Backend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18nConfig, { browserNamespaces } from "./utils/i18n";

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
