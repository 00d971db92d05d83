import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MarkdownBody } from "~/components/ui/markdown-body";
import { PageHeader } from "~/components/ui/table";
import { getArticle } from "~/features/knowledge-base/articles.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { notFound } from "~/utils/not-found";
import { requireUser } from "~/utils/tenant.server";

export const handle = { i18n: ["knowledge-base"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** One knowledge base article in the user's language; a slug that is not there is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const article = getArticle(await getLanguage(request), params.slug ?? "");
  if (!article) notFound();
  const t = await getServerT(request);
  return {
    title: `${article.title} · ${t("knowledge-base:title")} · ${t("common:appName")}`,
    article,
  };
}

export default function KnowledgeBaseArticlePage() {
  const { t } = useTranslation();
  const { article } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <p className="no-print">
        <Link to="/knowledge-base">{t("knowledge-base:back")}</Link>
      </p>
      <div className="mt-2">
        <PageHeader title={article.title} />
      </div>
      {article.summary ? <p className="mt-2 text-lg">{article.summary}</p> : null}
      <MarkdownBody html={article.html} className="mt-6 rounded bg-white p-6 shadow-sm" />
    </div>
  );
}
