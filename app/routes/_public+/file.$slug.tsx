import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isLegalSlug } from "~/features/account/signup.schema";
import { isDocumentSlug } from "~/features/files/documents";
import { documentSource } from "~/features/files/documents.server";
import { supportedLanguages } from "~/utils/i18n";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["legal"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

// public route for the legal documents (terms, privacy, processing agreement), which people must be
// able to read before they register. Every other /file/{slug} (e-books, manual) needs reviews.manage.
// Each document also downloads as a file, per language: /file/{slug}/download (docs/decisions/1120).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug;
  if (isLegalSlug(slug)) {
    const t = await getServerT(request);
    return { title: pageTitle(t, `legal:${slug}.title`), slug, document: null };
  }
  await requireRight(request, "reviews.manage");
  if (!isDocumentSlug(slug)) throw new Response("Not found", { status: 404 });
  const source = documentSource(slug, await getLanguage(request));
  const t = await getServerT(request);
  return {
    title: `${source.title} · ${t("common:appName")}`,
    slug,
    document: { title: source.title, summary: source.summary },
  };
}

function DownloadLinks({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-2 flex flex-wrap gap-4" aria-label={t("legal:files.downloadLabel")}>
      {supportedLanguages.map((language) => (
        <li key={language}>
          <a href={`/file/${slug}/download?lang=${language}`} download className="underline">
            {t("legal:files.download", { language: t(`legal:files.languages.${language}`) })}
          </a>
        </li>
      ))}
    </ul>
  );
}

export default function LegalDocumentPage() {
  const { t } = useTranslation();
  const { slug, document } = useLoaderData<typeof loader>();
  if (document) {
    return (
      <article className="rounded bg-white p-6 shadow-sm">
        <h1 className="mb-4">{document.title}</h1>
        <p className="mb-6">{document.summary}</p>
        <h2 className="text-lg font-semibold">{t("legal:files.downloadTitle")}</h2>
        <DownloadLinks slug={slug} />
      </article>
    );
  }
  const blocks = t(`legal:${slug}.body`).split(/\n\n+/);
  return (
    <article className="rounded bg-white p-6 shadow-sm">
      <h1 className="mb-4">{t(`legal:${slug}.title`)}</h1>
      <p className="mb-6 rounded border-l-4 border-warning bg-warning-bg p-3 font-medium" data-testid="template-notice">
        {t("legal:templateNotice")}
      </p>
      {blocks.map((block, index) =>
        block.startsWith("## ") ? (
          <h2 key={index} className="mb-2 mt-6 text-lg font-semibold">
            {block.slice(3)}
          </h2>
        ) : (
          <p key={index} className="mb-3">
            {block}
          </p>
        ),
      )}
      <p className="mt-8 text-sm text-ink-muted">{t("legal:version")}</p>
      <h2 className="mt-6 text-lg font-semibold">{t("legal:files.downloadTitle")}</h2>
      <DownloadLinks slug={slug} />
      <p className="mt-4">
        <Link to="/register">{t("legal:toRegister")}</Link>
      </p>
    </article>
  );
}
