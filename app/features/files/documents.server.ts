import fs from "node:fs";
import path from "node:path";
import { isLegalSlug } from "~/features/account/signup.schema";
import { renderMarkdown } from "~/features/knowledge-base/articles.server";
import type { Language } from "~/utils/i18n";
import { sharedI18n } from "~/utils/i18n.server";
import { documentFileName, type DocumentSlug } from "./documents";
import { escapeHtml } from "~/utils/escape-html";

/** The manual and e-books: one markdown file a language (docs/decisions/1120). */
const contentDir = path.resolve("content/files");

export type DocumentSource = { title: string; summary: string; markdown: string };

/** A guide document's markdown: first line `# Title`, then a summary paragraph, then the body. */
function readGuideDocument(slug: DocumentSlug, language: Language): DocumentSource {
  const source = fs.readFileSync(path.join(contentDir, language, `${slug}.md`), "utf8");
  const [first, ...rest] = source.split("\n");
  const body = rest.join("\n").trim();
  const summary = body.split(/\n\n/)[0] ?? "";
  return { title: first.replace(/^#\s*/, "").trim(), summary, markdown: body };
}

/** A legal document: its texts live in the legal namespace (also shown on the page), with the template notice. */
function readLegalDocument(slug: DocumentSlug, language: Language): DocumentSource {
  const t = sharedI18n().getFixedT(language, "legal");
  const notice = t("templateNotice");
  return {
    title: t(`${slug}.title`),
    summary: notice,
    markdown: `> ${notice}\n\n${t(`${slug}.body`)}\n\n*${t("version")}*`,
  };
}

export function documentSource(slug: DocumentSlug, language: Language): DocumentSource {
  return isLegalSlug(slug) ? readLegalDocument(slug, language) : readGuideDocument(slug, language);
}

const style = [
  "body{font-family:system-ui,sans-serif;line-height:1.5;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1f2933}",
  "h1{font-size:1.8rem}h2{font-size:1.3rem;margin-top:2rem}blockquote{border-left:4px solid #b7791f;margin:0;padding:.5rem 1rem;background:#fff8e6}",
  "@media print{body{margin:0;max-width:none}h2,h3{break-after:avoid}}",
].join("");

/** The document as one self-contained HTML file: no script, no outside resources, printable to PDF. */
export function renderDocumentFile(slug: DocumentSlug, language: Language): { fileName: string; html: string } {
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
    renderMarkdown(markdown),
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
  return { fileName: documentFileName(slug, language), html };
}
