import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/ui/pager";
import { Tabs } from "~/components/ui/tabs";
import { resultsHandle, RoundPageHeader } from "~/features/reviews/components/results-ui";
import { LevelDistribution, RoleDistribution } from "~/features/reviews/components/summary-charts";
import { resolveResultsTab, roundSummary } from "~/features/reviews/round-results.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { pageParam } from "~/utils/not-found";
import { requireModule } from "~/utils/tenant.server";

export const handle = resultsHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const tabs = ["grid", "levels"] as const;
const SUMMARY_TEAMS_PAGE_SIZE = 25;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const { tab, round, teamReviewId } = await resolveResultsTab(ctx, params, tabs);
  if (teamReviewId) throw redirect(`/review/summary/${round.id}/${tab}`);
  // Totals cover every team; the per-team rows are paged so that a round of 800 teams stays one light page.
  const page = pageParam(new URL(request.url));
  const summary = await roundSummary(ctx, round, { page, pageSize: SUMMARY_TEAMS_PAGE_SIZE });
  const { t, texts } = await requestResultTexts(request, ctx);
  return {
    title: `${t("results:summary.title", { name: round.name })} · ${t("common:appName")}`,
    tab,
    summary,
    teamTotal: summary.teamCount,
    page,
    texts,
  };
}

export default function RoundSummaryPage() {
  const { t } = useTranslation();
  const { tab, summary, teamTotal, page, texts } = useLoaderData<typeof loader>();
  const location = useLocation();
  const Distribution = tab === "grid" ? RoleDistribution : LevelDistribution;
  return (
    <>
      <RoundPageHeader
        otherHref={`/review/result/${summary.round.id}`}
        otherLabel={t("results:toResults")}
        title={t("results:summary.title", { name: summary.round.name })}
        finished={summary.finishedCount}
        total={summary.teamReviewCount}
      />
      <Tabs
        label={t("results:summary.tabsLabel")}
        baseHref={`/review/summary/${summary.round.id}`}
        current={tab}
        tabs={tabs.map((key) => ({ key, label: t(`results:summary.tabs.${key}`) }))}
        keep={{}}
      />
      {summary.teams.length === 0 ? null : <Distribution summary={summary} texts={texts} />}
      <Pager page={page} total={teamTotal} pageSize={SUMMARY_TEAMS_PAGE_SIZE} search={location.search} />
    </>
  );
}
