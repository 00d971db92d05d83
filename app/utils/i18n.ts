/** Shared by server and browser. Languages are stored as nl, en, de; spec §1 calls them nl-NL, en-EN, de-DE. */
export const supportedLanguages = ["nl", "en", "de"] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = "nl";

export function toLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const short = value.toLowerCase().slice(0, 2);
  return (supportedLanguages as readonly string[]).includes(short) ? (short as Language) : null;
}

/** Every namespace file in public/locales/<lng>/; the browser preloads all but the e-mail texts. */
export const namespaces = [
  "common",
  "auth",
  "validation",
  "rights",
  "nav",
  "dashboard",
  "profile",
  "employees",
  "teams",
  "tags",
  "positions",
  "account",
  "audit",
  "settings",
  "criteria",
  "signup",
  "legal",
  "teamreviews",
  "selfreviews",
  "peerreviews",
  "evaluation",
  "results",
  "flow",
  "dialogs",
  "tasks",
  "import",
  "goals",
  "competences",
  "guide",
  "knowledge-base",
  "knowledge-areas",
  "growth",
  "analytics",
  "planning",
  "calibration",
  "emails",
] as const;
export const browserNamespaces = namespaces.filter((ns) => ns !== "emails");

export default {
  supportedLngs: [...supportedLanguages],
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  // Keys double as the Dutch text nowhere: every key exists in every language (tests/unit/locales.test.ts).
  returnNull: false,
  // React escapes every text it renders; i18next escaping values first showed "d&#39;Hondt" on the page.
  // Texts go into React elements only (no dangerouslySetInnerHTML); e-mails render through React too.
  interpolation: { escapeValue: false },
} as const;
