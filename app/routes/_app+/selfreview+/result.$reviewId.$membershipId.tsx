import { TableScroll } from "~/components/ui/table";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dimensionTexts, roleLabels } from "~/features/criteria/review-settings.server";
import { ResultCompareTable } from "~/features/reviews/components/result-compare-table";
import { getSelfReviewResult } from "~/features/reviews/self-review-result.server";
import { CreateTaskLink } from "~/features/tasks/components/create-task-link";
import printStyles from "~/styles/print.css";
import { formatDate } from "~/utils/dates";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["selfreviews", "criteria", "tasks"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.active");
  const result = await getSelfReviewResult(ctx, params.reviewId ?? "", params.membershipId ?? "");
  const [language, t] = await Promise.all([getLanguage(request), getServerT(request)]);
  const roles = roleLabels(result.settings, language, t as never);
  const roleLabel = (id: number | null) => roles.find((r) => r.id === id)?.label ?? null;
  const byId = new Map(result.comparison.criteria.map((c) => [c.criterionId, c]));
  return {
    title: `${result.review.name} · ${pageTitle(t, "selfreviews:result.pageTitle")}`,
    review: { id: result.review.id, name: result.review.name, deadline: formatDate(result.review.deadline) },
    membershipId: result.subject.membershipId,
    personName: result.personName,
    own: result.own,
    finished: Boolean(result.subject.finishedAt),
    mayAnswer: result.readOnly === null,
    source: result.comparison.source,
    dimensions: dimensionTexts(result.settings, language, t as never).map((d) => ({
      ...d,
      own: result.summary.own[(["performance", "potential", "employability"] as const)[d.dimension - 1]],
      team: result.summary.team[(["performance", "potential", "employability"] as const)[d.dimension - 1]],
      criteria: result.criteria
        .filter((c) => c.dimension === d.dimension)
        .map((c) => ({
          id: c.criterionId,
          name: c.name,
          own: byId.get(c.criterionId)?.own ?? null,
          team: byId.get(c.criterionId)?.team ?? null,
        })),
    })),
    roles: { own: roleLabel(result.summary.own.developmentRole), team: roleLabel(result.summary.team.developmentRole) },
  };
}

export default function SelfReviewResultPage() {
  const { t } = useTranslation();
  const view = useLoaderData<typeof loader>();
  return (
    <div className="report max-w-4xl">
      <p className="no-print">
        <Link to="/my/reviews">{t("selfreviews:result.back")}</Link>
      </p>
      <h1 className="mt-2">{t("selfreviews:result.title", { name: view.review.name })}</h1>
      <p className="mb-2">{view.personName}</p>
      <p className="mb-4 text-ink-muted">{t(`selfreviews:result.source.${view.source}`)}</p>
      <p className="no-print mb-4">
        <CreateTaskLink aboutType="review" aboutId={view.review.id} />
      </p>
      {view.finished ? null : (
        <p className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-3 text-warning">
          {t("selfreviews:result.notFinished")}{" "}
          {view.mayAnswer ? (
            <Link className="no-print" to={`/selfreview/questionnaire/${view.review.id}/${view.membershipId}`}>
              {t("selfreviews:result.toQuestionnaire")}
            </Link>
          ) : null}
        </p>
      )}
      <TableScroll>
        <table className="avoid-break mb-6 w-full max-w-xl border-collapse bg-white">
          <caption className="mb-2 text-left text-lg font-semibold">{t("selfreviews:result.rolesCaption")}</caption>
          <tbody>
            <tr className="border-b">
              <th scope="row" className="p-2 text-left">
                {t("selfreviews:result.own")}
              </th>
              <td className="p-2">{view.roles.own ?? t("selfreviews:result.noRole")}</td>
            </tr>
            <tr>
              <th scope="row" className="p-2 text-left">
                {t("selfreviews:result.team")}
              </th>
              <td className="p-2">{view.roles.team ?? t("selfreviews:result.noRole")}</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>
      {view.dimensions.map((d) => (
        <ResultCompareTable
          key={d.dimension}
          caption={d.name}
          corner={t("selfreviews:result.criterion")}
          columns={[t("selfreviews:result.own"), t("selfreviews:result.team")]}
          groups={[
            { key: "criteria", rows: d.criteria.map((c) => ({ id: c.id, name: c.name, values: [c.own, c.team] })) },
          ]}
          footer={{ label: t("selfreviews:result.average"), values: [d.own, d.team] }}
        />
      ))}
    </div>
  );
}
