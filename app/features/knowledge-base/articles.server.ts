import fs from "node:fs";
import path from "node:path";
import { Marked, type Tokens } from "marked";
import { supportedLanguages, type Language } from "~/utils/i18n";
import {
  parseArticle,
  searchArticles,
  slugPattern,
  sortArticles,
  type ArticleSource,
  type ArticleSummary,
} from "./articles";
import { escapeHtml } from "~/utils/escape-html";

/** The articles' folder; one sub-folder per language (docs/decisions/0985). */
const contentDir = path.resolve("content/knowledge-base");

/**
 * Markdown to HTML. Raw HTML in a file is shown as text, never passed on: the pages keep the CSP's rule of
 * no inline script or style, whoever edits the files. Links only to this site or https.
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!/^(\/(?!\/)|#|https:\/\/)/.test(href)) return text;
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(href)}"${titleAttribute}>${text}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

type Article = ArticleSource & { html: string };

let cache: Map<Language, Article[]> | null = null;

/** Every language's articles, read and rendered once per process (the files ship with the code). */
function allArticles(): Map<Language, Article[]> {
  if (cache) return cache;
  const loaded = new Map<Language, Article[]>();
  for (const language of supportedLanguages) {
    const dir = path.join(contentDir, language);
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".md")) : [];
    const articles = files.map((file) => {
      const source = parseArticle(file.slice(0, -3), fs.readFileSync(path.join(dir, file), "utf8"));
      return { ...source, html: renderMarkdown(source.body) };
    });
    loaded.set(language, sortArticles(articles));
  }
  cache = loaded;
  return loaded;
}

/** The list of one language, filtered by the search text. */
export function listArticles(language: Language, query: string): ArticleSummary[] {
  return searchArticles(allArticles().get(language) ?? [], query).map(({ slug, title, summary }) => ({
    slug,
    title,
    summary,
  }));
}

/** One article in the language, or null for a slug that is not there. */
export function getArticle(language: Language, slug: string): (ArticleSummary & { html: string }) | null {
  if (!slugPattern.test(slug)) return null;
  const article = (allArticles().get(language) ?? []).find((a) => a.slug === slug);
  return article ? { slug: article.slug, title: article.title, summary: article.summary, html: article.html } : null;
}
