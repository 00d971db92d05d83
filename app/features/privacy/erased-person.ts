/**
 * The name an erased person's row holds (decision 1560): the spec's Dutch wording, stored so that every list,
 * export and search shows it without knowing about erasure; pages that know translate it (`audit:erasure.name`).
 * Client-safe.
 */
export const ERASED_NAME = "Verwijderde medewerker";

/** The domain of the unusable, unique address an erased person's row gets (`.invalid` never resolves, RFC 2606). */
export const ERASED_EMAIL_DOMAIN = "erased.invalid";
