import type { TFunction } from "i18next";

/** "<page> · <app name>", translated on the server so the title is right without JavaScript. */
export function pageTitle(t: TFunction, key: string): string {
  return `${t(key)} · ${t("common:appName")}`;
}
