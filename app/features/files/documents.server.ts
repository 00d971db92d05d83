import fs from "node:fs";
import path from "node:path";
import { isLegalSlug } from "~/features/account/signup.schema";
import { renderMarkdown } from "~/features/knowledge-base/articles.server";
import type { Language } from "~/utils/i18n";
import { sharedI18n } from "~/utils/i18n.server";
import { getOptionalUser, requireRight, type TenantContext } from "~/utils/tenant.server";
import { documentFileName, isAccountDocumentSlug, isDocumentSlug, type DocumentSlug } from "./documents";
import { placeFigures } from "./figures.server";
import { escapeHtml } from "~/utils/escape-html";

/**
 * Every document of file/{slug} is one markdown file a language, `content/files/<lang>/<slug>.md`
 * (docs/decisions/1120, 1570): first line `# Title`, then a summary paragraph, then the body. A paragraph
 * `{{figure:name}}` becomes one of our own SVG figures (figures.server.ts); raw HTML in the files stays text.
 */
const contentDir = path.resolve("content/files");

/**
 * The one access rule of file/{slug}, page and file alike: legal documents are public (people read them before
 * they register, 0105); the register of processing is the account's, for account admins (1571); the manual and
 * e-books need reviews.manage; an unknown slug is a 404 after that guard (1120). Returns the slug and, for a
 * signed-in reader, the context.
 */
export async function requireDocumentAccess(
  request: Request,
  slug: string | undefined,
): Promise<{ slug: DocumentSlug; ctx: TenantContext | null }> {
  // A legal document is public; a signed-in reader is still known (the page offers the way back).
  if (isLegalSlug(slug)) return { slug, ctx: await getOptionalUser(request) };
  const ctx = await requireRight(request, isAccountDocumentSlug(slug) ? "account.admin" : "reviews.manage");
  if (!isDocumentSlug(slug)) throw new Response("Not found", { status: 404 });
  return { slug, ctx };
}

export type DocumentSource = { title: string; summary: string; markdown: string };
export type RenderedDocument = { title: string; summary: string; html: string };

function readMarkdownDocument(slug: DocumentSlug, language: Language): DocumentSource {
  const source = fs.readFileSync(path.join(contentDir, language, `${slug}.md`), "utf8");
  const [first, ...rest] = source.split("\n");
  const body = rest.join("\n").trim();
  const summary = body.split(/\n\n/)[0] ?? "";
  return { title: first.replace(/^#\s*/, "").trim(), summary, markdown: body };
}

export function documentSource(slug: DocumentSlug, language: Language): DocumentSource {
  const source = readMarkdownDocument(slug, language);
  if (!isLegalSlug(slug)) return source;
  // The legal texts are the supplier's; the operator fills in the [bracketed] fields (the notice says so).
  const notice = sharedI18n().getFixedT(language, "legal")("templateNotice");
  return { ...source, markdown: `> ${notice}\n\n${source.markdown}` };
}

/** The document as HTML for the page and the file: the markdown rendered, the figures in place. */
export function renderDocument(slug: DocumentSlug, language: Language): RenderedDocument {
  const { title, summary, markdown } = readMarkdownDocument(slug, language);
  return { title, summary, html: placeFigures(renderMarkdown(markdown), language) };
}

const style = [
  "body{font-family:system-ui,sans-serif;line-height:1.5;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1f2933}",
  "h1{font-size:1.8rem}h2{font-size:1.3rem;margin-top:2rem}blockquote{border-left:4px solid #b7791f;margin:0;padding:.5rem 1rem;background:#fff8e6}",
  "table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #cbd2d9;padding:.35rem .5rem;text-align:left;vertical-align:top}",
  "figure{margin:1.5rem 0}figcaption{font-size:.9rem;color:#52606d}svg{max-width:100%;height:auto}",
  "@media print{body{margin:0;max-width:none}h2,h3{break-after:avoid}figure,tr{break-inside:avoid}}",
].join("");

/**
 * The document as one self-contained HTML file: no script, no outside resources, printable to PDF. `lead` is a
 * line of the reader's own (the register's controller), escaped.
 */
export function renderDocumentFile(
  slug: DocumentSlug,
  language: Language,
  lead?: string,
): { fileName: string; html: string } {
  const { title, markdown } = documentSource(slug, language);
  const html = [
    "<!DOCTYPE html>",
    `<html lang="${language}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${style}</style>`,
    "</head>",
    "<body>",
    "<main>",
    `<h1>${escapeHtml(title)}</h1>`,
    lead ? `<p><strong>${escapeHtml(lead)}</strong></p>` : "",
    placeFigures(renderMarkdown(markdown), language),
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
  return { fileName: documentFileName(slug, language), html };
}

/** The register names its controller: the reader's own account (decision 1571); other documents have no lead. */
export function documentLead(slug: DocumentSlug, ctx: TenantContext | null, language: Language): string | undefined {
  if (!isAccountDocumentSlug(slug) || !ctx) return undefined;
  return sharedI18n().getFixedT(language, "legal")("files.controller", { name: ctx.account.name });
}
