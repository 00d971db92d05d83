import { legalSlugs, type LegalSlug } from "~/features/account/signup.schema";

/**
 * The downloadable documents of /file/{slug} (docs/decisions/1120). The legal documents are public, people read
 * them before they register; the manual and the e-books are for those who run reviews (reviews.manage).
 */
export const guideDocumentSlugs = ["manual", "ebook-team-development"] as const;
export type GuideDocumentSlug = (typeof guideDocumentSlugs)[number];

/** The register of processing activities is the account's own record: account admins only (decision 1571). */
export const accountDocumentSlugs = ["processing-register"] as const;
export type AccountDocumentSlug = (typeof accountDocumentSlugs)[number];

export type DocumentSlug = LegalSlug | GuideDocumentSlug | AccountDocumentSlug;

export const documentSlugs: readonly DocumentSlug[] = [...legalSlugs, ...guideDocumentSlugs, ...accountDocumentSlugs];

export function isDocumentSlug(slug: string | undefined): slug is DocumentSlug {
  return (documentSlugs as readonly string[]).includes(slug ?? "");
}

export function isGuideDocumentSlug(slug: string | undefined): slug is GuideDocumentSlug {
  return (guideDocumentSlugs as readonly string[]).includes(slug ?? "");
}

export function isAccountDocumentSlug(slug: string | undefined): slug is AccountDocumentSlug {
  return (accountDocumentSlugs as readonly string[]).includes(slug ?? "");
}

/** The file's name as the browser saves it: slug and language, e.g. `manual-nl.html`. */
export function documentFileName(slug: DocumentSlug, language: string): string {
  return `${slug}-${language}.html`;
}
