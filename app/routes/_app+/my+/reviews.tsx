import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable, PageHeader } from "~/components/ui/table";
import { MyNominationLinks } from "~/features/peer-reviews/components/my-nomination-links";
import { MyPeerQuestionnaires } from "~/features/peer-reviews/components/my-peer-questionnaires";
import { myNominationRounds } from "~/features/peer-reviews/peer-nominations.server";
import { listMyPeerQuestionnaires, peerQuestionnaireRows } from "~/features/peer-reviews/peer-questionnaire.server";
import { listMyReviews } from "~/features/reviews/my-reviews.server";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["selfreviews", "peerreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.active");
  const peer = ctx.modules.has("peer-review");
  const [rows, peerRows, nominationRounds, t] = await Promise.all([
    listMyReviews(ctx),
    // The questionnaires in peer rounds, where the cluster has the module (decision 1021).
    peer ? listMyPeerQuestionnaires(ctx) : null,
    // Rounds reviewing her in which she may propose peers (decision 1202).
    peer ? myNominationRounds(ctx) : [],
    getServerT(request),
  ]);
  return {
    title: pageTitle(t, "selfreviews:my.title"),
    reviews: rows.map((r) => ({
      reviewId: r.reviewId,
      membershipId: r.membershipId,
      name: r.name,
      deadline: formatDate(r.deadline),
      answered: r.answered,
      questions: r.questions,
      state: r.state,
    })),
    peerQuestionnaires: peerRows ? peerQuestionnaireRows(peerRows) : null,
    nominationRounds,
  };
}

export default function MyReviewsPage() {
  const { t } = useTranslation();
  const { reviews, peerQuestionnaires, nominationRounds } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-4xl">
      <PageHeader title={t("selfreviews:my.title")} />
      {reviews.length === 0 ? (
        <p className="mt-4">{t("selfreviews:my.empty")}</p>
      ) : (
        <div className="mt-4">
          <ListTable
            caption={t("selfreviews:my.title")}
            columns={[
              { label: t("selfreviews:my.review") },
              { label: t("selfreviews:my.deadline") },
              { label: t("selfreviews:my.progress") },
              { label: t("selfreviews:my.state") },
              { label: t("selfreviews:my.open"), hidden: true },
            ]}
          >
            {reviews.map((r) => (
              <tr key={r.reviewId} className="border-b">
                <td className="p-2">{r.name}</td>
                <td className="p-2">{r.deadline || "–"}</td>
                <td className="p-2">
                  {t("selfreviews:questionnaire.progress", {
                    done: Math.min(r.answered, r.questions),
                    total: r.questions,
                  })}
                </td>
                <td className="p-2">{t(`selfreviews:my.states.${r.state}`)}</td>
                <td className="p-2">
                  <span className="flex flex-wrap gap-4">
                    <Link to={`/selfreview/questionnaire/${r.reviewId}/${r.membershipId}`}>
                      {t("selfreviews:my.questionnaire")}
                    </Link>
                    <Link to={`/selfreview/result/${r.reviewId}/${r.membershipId}`}>{t("selfreviews:my.result")}</Link>
                  </span>
                </td>
              </tr>
            ))}
          </ListTable>
        </div>
      )}
      {peerQuestionnaires ? (
        <section aria-labelledby="peer-questionnaires" className="mt-8">
          <h2 id="peer-questionnaires" className="mb-2 text-xl">
            {t("peerreviews:my.heading")}
          </h2>
          <MyPeerQuestionnaires rows={peerQuestionnaires} />
        </section>
      ) : null}
      <MyNominationLinks rounds={nominationRounds} />
    </div>
  );
}
