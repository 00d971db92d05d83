import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MarkdownBody } from "~/components/ui/markdown-body";
import { isLegalSlug } from "~/features/account/signup.schema";
import { documentLead, renderDocument, requireDocumentAccess } from "~/features/files/documents.server";
import { supportedLanguages } from "~/utils/i18n";
import { getLanguage, getServerT } from "~/utils/i18n.server";

export const handle = { i18n: ["legal"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

// The documents of /file/{slug}: a public route for the legal ones (people read them before they register),
// the register of processing for account admins, the manual and e-books for reviews.manage
// (`requireDocumentAccess`). The page shows the whole document in the reader's language; each also downloads
// as a file, per language: /file/{slug}/download (docs/decisions/1120, 1570, 1571).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { slug, ctx } = await requireDocumentAccess(request, params.slug);
  const language = await getLanguage(request);
  const document = renderDocument(slug, language);
  const t = await getServerT(request);
  return {
    title: `${document.title} · ${t("common:appName")}`,
    slug,
    legal: isLegalSlug(slug),
    signedIn: ctx !== null,
    lead: documentLead(slug, ctx, language) ?? null,
    document,
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

export default function DocumentPage() {
  const { t } = useTranslation();
  const { slug, legal, signedIn, lead, document } = useLoaderData<typeof loader>();
  return (
    <article className="rounded bg-white p-6 shadow-sm">
      {signedIn ? (
        <p className="no-print mb-2">
          <Link to="/dashboard">{t("legal:files.toDashboard")}</Link>
        </p>
      ) : null}
      <h1 className="mb-4">{document.title}</h1>
      {lead ? <p className="mb-4 font-semibold">{lead}</p> : null}
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
      {legal && !signedIn ? (
        <p className="no-print mt-6">
          <Link to="/register">{t("legal:toRegister")}</Link>
        </p>
      ) : null}
    </article>
  );
}
