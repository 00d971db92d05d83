import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportedLanguages } from "~/utils/i18n";
import { SwitchForm } from "./header-controls";

/** A plain form, so it works without JavaScript; the choice is remembered in a cookie and, when signed in, the profile. */
export function LanguageSwitch({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ locale: string }>("root");
  return (
    <SwitchForm
      action="/resources/language"
      reloadDocument
      hidden={{ redirectTo }}
      id="language-switch"
      name="lng"
      label={t("common:language.label")}
      value={root?.locale ?? "nl"}
      options={supportedLanguages.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
      submitLabel={t("common:language.submit")}
    />
  );
}
