import type { TFunction } from "i18next";

/**
 * The name an erased person's row holds (decision 1560): the spec's Dutch wording, stored so that every list,
 * export, search and mail shows it without knowing about erasure; pages that show a person's name in the
 * reader's language pass it through `shownPersonName`. Client-safe.
 */
export const ERASED_NAME = "Verwijderde medewerker";

/** The domain of the unusable, unique address an erased person's row gets (`.invalid` never resolves, RFC 2606). */
export const ERASED_EMAIL_DOMAIN = "erased.invalid";

/** A person's name as shown: an erased person's in the reader's language. */
export function shownPersonName(name: string, t: TFunction): string {
  return name === ERASED_NAME ? t("common:erasedPerson") : name;
}
