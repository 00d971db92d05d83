/**
 * Knowledge base articles (issue #20): markdown files in content/knowledge-base/<language>/<slug>.md with a
 * small front matter. Parsing and searching are pure and client-safe; reading and rendering the files is
 * articles.server.ts.
 */

export type ArticleSource = {
  slug: string;
  title: string;
  summary: string;
  /** Place in the list; articles without one come last, by title. */
  order: number;
  /** The markdown after the front matter. */
  body: string;
};

/** What the list shows of an article. */
export type ArticleSummary = Pick<ArticleSource, "slug" | "title" | "summary">;

/** A slug is a file name: lowercase letters, digits and dashes. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest search text the list takes; longer text is cut (app/utils/list-filter.ts searchText). */
export const KNOWLEDGE_BASE_SEARCH_MAX = 100;

/**
 * Splits `---\nkey: value\n---\nbody` into its fields. Only `title` (required), `summary` and `order` are
 * read; a value may be wrapped in double quotes. A file without a title is a mistake in the repository
 * and throws, so a test or the first request shows it.
 */
export function parseArticle(slug: string, source: string): ArticleSource {
  if (!slugPattern.test(slug)) throw new Error(`knowledge base: bad file name "${slug}"`);
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  const fields: Record<string, string> = {};
  if (match) {
    for (const line of match[1].split("\n")) {
      const pair = /^([A-Za-z]+):\s*(.*)$/.exec(line.trim());
      if (!pair) continue;
      const value = pair[2].trim();
      fields[pair[1]] = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    }
  }
  if (!fields.title) throw new Error(`knowledge base: "${slug}" has no title in its front matter`);
  const order = Number(fields.order);
  return {
    slug,
    title: fields.title,
    summary: fields.summary ?? "",
    order: Number.isFinite(order) && fields.order !== undefined && fields.order !== "" ? order : Infinity,
    body: match ? text.slice(match[0].length) : text,
  };
}

/** Lowercase, without accents, markdown marks read as spaces: "Één **team**" and "een team" match. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[*_`#>[\]()|~-]+/g, " ");
}

/** Sorted by `order`, then title. */
export function sortArticles<T extends Pick<ArticleSource, "order" | "title">>(articles: readonly T[]): T[] {
  return [...articles].sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

/**
 * The articles whose title, summary or text hold every word of `query` (in any order, ignoring case and
 * accents). An empty query matches all.
 */
export function searchArticles<T extends Pick<ArticleSource, "title" | "summary" | "body">>(
  articles: readonly T[],
  query: string,
): T[] {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  return articles.filter((article) => {
    const haystack = normalizeForSearch(`${article.title}\n${article.summary}\n${article.body}`);
    return words.every((word) => haystack.includes(word));
  });
}
