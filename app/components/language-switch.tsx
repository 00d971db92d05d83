import { Form, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportedLanguages } from "~/utils/i18n";

/** A plain form, so it works without JavaScript; the choice is remembered in a cookie and, when signed in, the profile. */
export function LanguageSwitch({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ locale: string }>("root");
  return (
    <Form method="post" action="/resources/language" className="flex items-center gap-2" reloadDocument>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor="language-switch" className="text-sm">
        {t("common:language.label")}
      </label>
      <select
        id="language-switch"
        name="lng"
        defaultValue={root?.locale ?? "nl"}
        className="rounded border border-gray-400 bg-white px-2 py-1 text-sm"
      >
        {supportedLanguages.map((lng) => (
          <option key={lng} value={lng}>
            {t(`common:language.${lng}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded border border-gray-400 bg-white px-2 py-1 text-sm">
        {t("common:language.submit")}
      </button>
    </Form>
  );
}
