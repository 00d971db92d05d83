import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSearch } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/table";
import { listArticles } from "~/features/knowledge-base/articles.server";
import { knowledgeBaseFilterSchema } from "~/features/knowledge-base/knowledge-base-list-filter";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";

export const handle = { i18n: ["knowledge-base"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The knowledge base (issue #20): every signed-in user, the articles in their language, searchable. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { q } = parseRequestFilter(knowledgeBaseFilterSchema, request);
  const language = await getLanguage(request);
  const t = await getServerT(request);
  const query = q.trim();
  return { title: pageTitle(t, "knowledge-base:title"), q: query, articles: listArticles(language, query) };
}

export default function KnowledgeBasePage() {
  const { t } = useTranslation();
  const { q, articles } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <PageHeader title={t("knowledge-base:title")} />
      <p className="mt-2">{t("knowledge-base:intro")}</p>
      <FilterForm
        role="search"
        label={t("knowledge-base:search.form")}
        submitLabel={t("knowledge-base:search.submit")}
        after={q ? <Link to="/knowledge-base">{t("knowledge-base:search.clear")}</Link> : null}
      >
        <FilterSearch
          id="knowledge-base-q"
          label={t("knowledge-base:search.label")}
          hint={t("knowledge-base:search.hint")}
          value={q}
        />
      </FilterForm>
      {q ? (
        <p className="mt-6" role="status">
          {articles.length === 0
            ? t("knowledge-base:noResults", { q })
            : t("knowledge-base:results", { count: articles.length, q })}
        </p>
      ) : articles.length === 0 ? (
        <p className="mt-6">{t("knowledge-base:empty")}</p>
      ) : null}
      {articles.length > 0 ? (
        <ul aria-label={t("knowledge-base:list")} className="mt-6 space-y-4">
          {articles.map((article) => (
            <li key={article.slug} className="rounded bg-white p-4 shadow-sm">
              <h2 className="text-lg font-semibold">
                <Link to={`/knowledge-base/${article.slug}`}>{article.title}</Link>
              </h2>
              {article.summary ? <p className="mt-1">{article.summary}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
