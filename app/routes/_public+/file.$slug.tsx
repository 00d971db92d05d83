import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MarkdownBody } from "~/components/ui/markdown-body";
import { isLegalSlug } from "~/features/account/signup.schema";
import { isDocumentSlug } from "~/features/files/documents";
import { renderDocument } from "~/features/files/documents.server";
import { supportedLanguages } from "~/utils/i18n";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["legal"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

// public route for the legal documents (terms, privacy, processing agreement), which people must be
// able to read before they register. Every other /file/{slug} (e-books, manual) needs reviews.manage.
// The page shows the whole document in the reader's language; each also downloads as a file, per language:
// /file/{slug}/download (docs/decisions/1120, 1570).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug;
  const legal = isLegalSlug(slug);
  if (!legal) await requireRight(request, "reviews.manage");
  if (!isDocumentSlug(slug)) throw new Response("Not found", { status: 404 });
  const document = renderDocument(slug, await getLanguage(request));
  const t = await getServerT(request);
  return { title: `${document.title} · ${t("common:appName")}`, slug, legal, document };
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

export default function DocumentPage() {
  const { t } = useTranslation();
  const { slug, legal, document } = useLoaderData<typeof loader>();
  return (
    <article className="rounded bg-white p-6 shadow-sm">
      <h1 className="mb-4">{document.title}</h1>
      {legal ? (
        <p
          className="mb-6 rounded border-l-4 border-warning bg-warning-bg p-3 font-medium"
          data-testid="template-notice"
        >
          {t("legal:templateNotice")}
        </p>
      ) : null}
      <div className="no-print">
        <h2 className="text-lg font-semibold">{t("legal:files.downloadTitle")}</h2>
        <DownloadLinks slug={slug} />
      </div>
      <MarkdownBody html={document.html} className="mt-6" />
      {legal ? (
        <p className="no-print mt-6">
          <Link to="/register">{t("legal:toRegister")}</Link>
        </p>
      ) : null}
    </article>
  );
}
