import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";
import { ResultsGrid } from "~/features/reviews/components/results-grid";
import { ResultsScoresTable } from "~/features/reviews/components/results-table";
import { ResultsFilter, resultsHandle, RoundPageHeader } from "~/features/reviews/components/results-ui";
import { CreateTaskLink } from "~/features/tasks/components/create-task-link";
import { parseSort } from "~/features/reviews/results";
import { resolveResultsTab, roundResults } from "~/features/reviews/round-results.server";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { LinkedGoals } from "~/features/team-goals/components/linked-goals";
import { linkedGoalsOfReviews } from "~/features/team-goals/team-goals.server";
import { pageParam } from "~/utils/not-found";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: [...resultsHandle.i18n, "tasks"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const tabs = ["grid", "table"] as const;
const pageSize = 50;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const { tab, round, teamReviewId } = await resolveResultsTab(ctx, params, tabs);
  const url = new URL(request.url);
  if (teamReviewId) {
    url.searchParams.set("team", teamReviewId);
    throw redirect(`/review/result/${round.id}/${tab}?${url.searchParams.toString()}`);
  }
  const { sort, dir } = parseSort(url.searchParams);
  const page = pageParam(url);
  const results = await roundResults(ctx, round.id, {
    team: url.searchParams.get("team"),
    tagId: url.searchParams.get("tag"),
    sort,
    dir,
    scores: tab === "table" ? { page, pageSize } : false,
  });
  const { t, texts } = await requestResultTexts(request, ctx);
  // The team goals linked to the team reviews shown (docs/decisions/1340): the chosen team's, else all in scope.
  const shownTeams = results.teams.filter((team) => !results.selectedTeam || team.reviewId === results.selectedTeam);
  const linkedGoals = await linkedGoalsOfReviews(ctx, shownTeams);
  return {
    title: `${t(`results:tabs.${tab}`)}: ${round.name} · ${t("common:appName")}`,
    tab,
    sort,
    dir,
    page,
    total: results.rows.length,
    results: {
      ...results,
      rows: tab === "grid" ? results.rows : [],
      pageRows: tab === "table" ? results.pageRows : [],
    },
    texts,
    linkedGoals,
  };
}

export default function RoundResultsPage() {
  const { t } = useTranslation();
  const { tab, results, texts, sort, dir, page, total, linkedGoals } = useLoaderData<typeof loader>();
  const round = results.round;
  return (
    <>
      <RoundPageHeader
        otherHref={`/review/summary/${round.id}`}
        otherLabel={t("results:toSummary")}
        title={t("results:title", { name: round.name })}
        finished={results.finishedCount}
        total={results.teamReviewCount}
      />
      <p className="no-print mb-4">
        <CreateTaskLink aboutType="review" aboutId={round.id} />
      </p>
      <ResultsFilter teams={results.teams} tags={results.tags} team={results.selectedTeam} tagId={results.tagId} />
      <Tabs
        label={t("results:tabs.label")}
        baseHref={`/review/result/${round.id}`}
        current={tab}
        tabs={tabs.map((key) => ({ key, label: t(`results:tabs.${key}`) }))}
        keep={{ team: results.selectedTeam, tag: results.tagId }}
      />
      <LinkedGoals teams={linkedGoals} />
      {tab === "grid" ? (
        <ResultsGrid rows={results.rows} scale={round.scale} texts={texts} />
      ) : (
        <ResultsScoresTable
          results={results}
          sorting={{ sort, dir }}
          page={page}
          total={total}
          pageSize={pageSize}
          texts={texts}
        />
      )}
    </>
  );
}
