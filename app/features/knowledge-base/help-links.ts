/**
 * Which knowledge base article explains which page (issue #20 "linked from the pages they explain",
 * docs/decisions/1341). Client-safe: the app layout renders the link above every page whose path matches.
 * Each slug must exist in every language (content/knowledge-base/<language>/<slug>.md); a test asks each
 * link in each language and expects 200.
 */

/** Path prefixes (segment-wise) to the article that explains them; the first match wins. */
export const helpArticleRoutes: readonly { prefix: string; slug: string }[] = [
  { prefix: "/review/result", slug: "team-reviews" },
  { prefix: "/review/summary", slug: "team-reviews" },
  { prefix: "/review/create/teamreview", slug: "team-reviews" },
  { prefix: "/teamreviews", slug: "team-reviews" },
  { prefix: "/dialogs", slug: "dialogs" },
  { prefix: "/flow", slug: "flow" },
  { prefix: "/competences", slug: "competences" },
  { prefix: "/my/growth", slug: "growth-and-goals" },
  { prefix: "/goals-and-ambitions", slug: "growth-and-goals" },
  { prefix: "/team-development", slug: "growth-and-goals" },
  { prefix: "/criteria", slug: "criteria-and-sets" },
  { prefix: "/personnel", slug: "personnel-and-teams" },
];

/** Pages that also link a guide page: the results of a team review link the interventions per role. */
const guideRoutes: readonly { prefix: string; href: string; key: string }[] = [
  { prefix: "/review/result", href: "/guide/intervention", key: "interventions" },
  { prefix: "/review/summary", href: "/guide/intervention", key: "interventions" },
];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export type HelpLink = { href: string; key: "page" | "interventions" };

/** The help links of a page: its knowledge base article, and a guide page where one fits. */
export function helpLinksFor(pathname: string): HelpLink[] {
  const links: HelpLink[] = [];
  // The goals tab of a team is explained with the team goals, not with personnel in general.
  const article = /^\/personnel\/teams\/[^/]+\/goalsAndAmbitions$/.test(pathname)
    ? "growth-and-goals"
    : helpArticleRoutes.find((r) => under(pathname, r.prefix))?.slug;
  if (article) links.push({ href: `/knowledge-base/${article}`, key: "page" });
  const guide = guideRoutes.find((r) => under(pathname, r.prefix));
  if (guide) links.push({ href: guide.href, key: "interventions" });
  return links;
}
