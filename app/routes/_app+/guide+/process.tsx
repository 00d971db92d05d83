import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { visibleProcessSteps } from "~/features/guide/guide";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { guideDocumentSlugs } from "~/features/files/documents";
import { can, requireUser, rightsSubject } from "~/utils/tenant.server";

export const handle = { i18n: ["guide", "legal"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The review process in steps (spec §1 guide); any signed-in user, links only to pages the reader may open. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "guide:process.title"),
    steps: visibleProcessSteps(rightsSubject(ctx)),
    // The manual and e-books (file/{slug}, 1120) are for those who run reviews, as the file route's guard.
    documents: can(ctx, "reviews.manage") ? [...guideDocumentSlugs] : [],
  };
}

export default function GuideProcessPage() {
  const { t } = useTranslation();
  const { steps, documents } = useLoaderData<typeof loader>();
  return (
    <article className="max-w-3xl">
      <h1>{t("guide:process.title")}</h1>
      <p className="mt-2">{t("guide:process.intro")}</p>
      <ol aria-label={t("guide:process.stepsLabel")} className="mt-6 space-y-4">
        {steps.map((step, index) => {
          const number = index + 1;
          const headingId = `step-${step.key}`;
          return (
            <li key={step.key}>
              <section aria-labelledby={headingId} className="break-inside-avoid rounded bg-white p-6 shadow-sm">
                <h2 id={headingId}>
                  {t("guide:process.step", { number, title: t(`guide:process.steps.${step.key}.title`) })}
                </h2>
                <p className="mt-2">{t(`guide:process.steps.${step.key}.text`)}</p>
                {step.links.length > 0 ? (
                  <ul aria-label={t("guide:process.linksLabel", { number })} className="mt-3 list-disc pl-6">
                    {step.links.map((link) => (
                      <li key={link.href}>
                        <Link to={link.href}>{t(`guide:process.links.${link.key}`)}</Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </section>
            </li>
          );
        })}
      </ol>
      {documents.length > 0 ? (
        <section aria-labelledby="documents-title" className="no-print mt-6 rounded bg-white p-6 shadow-sm">
          <h2 id="documents-title">{t("legal:files.documentsTitle")}</h2>
          <ul className="mt-3 list-disc pl-6">
            {documents.map((slug) => (
              <li key={slug}>
                <Link to={`/file/${slug}`}>{t(`legal:files.documents.${slug}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
