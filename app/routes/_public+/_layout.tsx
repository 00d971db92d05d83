import { Outlet, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SkipLink } from "~/components/header-controls";
import { LanguageSwitch } from "~/components/language-switch";

/** Anonymous pages: a narrow centred column with the language switch. */
export default function PublicLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <>
      <SkipLink />
      <header className="no-print border-b bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <span className="text-lg font-semibold text-brand-800">{t("common:appName")}</span>
          <LanguageSwitch redirectTo={location.pathname + location.search} />
        </div>
      </header>
      {/* Documents (file/{slug}) are long texts and tables: a reading width instead of the forms' narrow column. */}
      <main
        id="main"
        className={`mx-auto px-4 py-10 ${location.pathname.startsWith("/file/") ? "max-w-3xl" : "max-w-md"}`}
      >
        <Outlet />
      </main>
    </>
  );
}
