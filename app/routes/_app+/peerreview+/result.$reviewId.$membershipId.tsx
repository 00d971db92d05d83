import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dimensionTexts } from "~/features/criteria/review-settings.server";
import { PeerResultChart } from "~/features/peer-reviews/components/peer-result-chart";
import { getPeerReviewResult } from "~/features/peer-reviews/peer-review-result.server";
import { ResultCompareTable } from "~/features/reviews/components/result-compare-table";
import printStyles from "~/styles/print.css";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["peerreviews", "criteria"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const result = await getPeerReviewResult(ctx, params.reviewId ?? "", params.membershipId ?? "");
  const [language, t] = await Promise.all([getLanguage(request), getServerT(request)]);
  return {
    title: `${result.review.name} · ${pageTitle(t, "peerreviews:result.pageTitle")}`,
    review: { id: result.review.id, name: result.review.name, scale: result.review.scale },
    personName: result.personName,
    own: result.own,
    peersAnswered: result.peersAnswered,
    peersReleased: result.peersReleased,
    threshold: result.threshold,
    peersShown: result.peersShown,
    comments: result.comments,
    dimensions: dimensionTexts(result.settings, language, t as never).map((d) => ({
      dimension: d.dimension,
      name: d.name,
      criteria: result.criteria
        .filter((c) => c.dimension === d.dimension)
        .map((c) => ({ id: c.criterionId, name: c.name, self: c.self, peers: c.peers, leader: c.leader })),
    })),
  };
}

export default function PeerReviewResultPage() {
  const { t } = useTranslation();
  const view = useLoaderData<typeof loader>();
  const rows = view.dimensions.flatMap((d) => d.criteria);
  return (
    <div className="report max-w-4xl">
      <p className="no-print">
        <Link to={view.own ? "/peerreview" : `/peerreviews/${view.review.id}`}>{t("peerreviews:result.back")}</Link>
      </p>
      <h1 className="mt-2">{t("peerreviews:result.title", { name: view.review.name })}</h1>
      <p className="mb-2">{view.personName}</p>
      <p className="mb-2">{t("peerreviews:result.peersAnswered", { count: view.peersAnswered })}</p>
      {view.peersShown ? null : (
        <p className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-3 text-warning">
          {t("peerreviews:result.peersHidden", { threshold: view.threshold })}
        </p>
      )}
      {view.peersShown && view.peersAnswered > view.peersReleased ? (
        <p className="mb-4">
          {t("peerreviews:result.peersWaiting", {
            threshold: view.threshold,
            count: view.peersAnswered - view.peersReleased,
          })}
        </p>
      ) : null}
      <PeerResultChart rows={rows} scale={view.review.scale} />
      <ResultCompareTable
        caption={t("peerreviews:result.chartTitle")}
        corner={t("peerreviews:result.criterion")}
        columns={[t("peerreviews:result.self"), t("peerreviews:result.peers"), t("peerreviews:result.leader")]}
        groups={view.dimensions.map((d) => ({
          key: d.dimension,
          heading: d.name,
          rows: d.criteria.map((c) => ({ id: c.id, name: c.name, values: [c.self, c.peers, c.leader] })),
        }))}
      />
      {view.peersShown ? (
        <section aria-labelledby="peer-comments" className="mb-6">
          <h2 id="peer-comments" className="mb-2 text-lg">
            {t("peerreviews:result.comments")}
          </h2>
          <p className="mb-2 text-sm text-ink-muted">{t("peerreviews:result.commentsHint")}</p>
          {view.comments.length === 0 ? (
            <p>{t("peerreviews:result.noComments")}</p>
          ) : (
            <ul className="list-disc space-y-2 pl-6">
              {view.comments.map((comment, i) => (
                <li key={i} className="whitespace-pre-line">
                  {comment}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
