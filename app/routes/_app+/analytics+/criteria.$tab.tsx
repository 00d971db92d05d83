import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BarChart } from "~/components/ui/bar-chart";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/table";
import { Tabs } from "~/components/ui/tabs";
import { criteriaDimensions, criteriaTabs, periods } from "~/features/analytics/analytics";
import { analyticsHandle } from "~/features/analytics/components/analytics-ui";
import { FilterNotice } from "~/features/analytics/components/filter-notice";
import { GroupFilterSelects } from "~/features/analytics/components/group-filter-selects";
import { ExportLinks, SmallGroupNotice } from "~/features/analytics/components/small-group-notice";
import { TeamsShownNotice } from "~/features/analytics/components/teams-shown-notice";
import {
  criteriaFilter,
  criteriaForPage,
  criteriaQuery,
  criteriaTab,
} from "~/features/analytics/criteria-analytics.server";
import { teamFilterField } from "~/features/analytics/hr-filter";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { formatNumber, isoDayIn } from "~/utils/format";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

/**
 * Criteria analytics (spec §2 analytics/criteria/{tab}; docs/decisions/1409, 1730): a tab per question, the
 * dimension, HR analytics' filters and a round (1790) as GET parameters, analytics.read over the reader's teams (as 1602), small
 * groups hidden (1600), each tab with its export. The old dimension tabs (…/performance) lead to the first tab.
 */
export const handle = analyticsHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "analytics.read");
  const url = new URL(request.url);
  const legacy = criteriaDimensions.find((d) => d === params.tab);
  if (legacy) {
    url.searchParams.set("dimension", legacy);
    throw redirect(`/analytics/criteria/distribution?${url.searchParams}`);
  }
  const tab = criteriaTabs.find((t) => t === params.tab) ?? notFound();
  const { t, texts } = await requestResultTexts(request, ctx);
  const state = await criteriaFilter(ctx, url.searchParams);
  // At most a page of teams (1910); the export keeps them all.
  const data = criteriaForPage(await criteriaTab(ctx, tab, state, isoDayIn(new Date()), t, texts.roles));
  const { teams, tags, positions, rounds } = state.choices;
  const option = (o: { id: string; name: string }) => ({ value: o.id, label: o.name });
  const teamField = teamFilterField(teams, state.filter.team);
  return {
    title: pageTitle(t, "analytics:criteria.title"),
    tab,
    dimensions: texts.dimensions,
    filter: state.filter,
    dimensionKey: state.dimensionKey,
    invalid: state.invalid,
    query: criteriaQuery(state),
    teamName: teamField.teamName,
    options: {
      teams: teamField.teams,
      tags: tags.map(option),
      positions: positions.map(option),
      rounds: rounds.map(option),
    },
    data,
  };
}

export default function CriteriaAnalyticsPage() {
  const { t, i18n } = useTranslation();
  const { tab, dimensions, filter, dimensionKey, invalid, query, options, teamName, data } =
    useLoaderData<typeof loader>();
  const dimensionName = (key: string) =>
    dimensions.find((d) => d.dimension === criteriaDimensions.indexOf(key as never) + 1)?.name ?? key;
  const percent = (value: number) => `${formatNumber(value, i18n.language, { maximumFractionDigits: 0 })} %`;
  const keep = Object.fromEntries(new URLSearchParams(query));
  return (
    <>
      <PageHeader title={t("analytics:criteria.title")} />
      <p className="mb-4 mt-2 max-w-3xl">{t(`analytics:criteria.intro.${tab}`)}</p>
      <Tabs
        label={t("analytics:criteria.tabsLabel")}
        baseHref="/analytics/criteria"
        current={tab}
        tabs={criteriaTabs.map((key) => ({ key, label: t(`analytics:criteria.tabs.${key}`) }))}
        keep={keep}
      />
      <FilterForm submitLabel={t("analytics:filter.show")} label={t("analytics:filter.title")}>
        <FilterSelect
          id="criteria-dimension"
          name="dimension"
          label={t("analytics:filter.dimension")}
          value={dimensionKey}
          options={criteriaDimensions.map((d) => ({ value: d, label: dimensionName(d) }))}
        />
        <GroupFilterSelects idPrefix="criteria" filter={filter} options={options} teamName={teamName} />
        <FilterSelect
          id="criteria-period"
          name="period"
          label={t("analytics:filter.period")}
          value={filter.period}
          options={periods.map((p) => ({ value: p, label: t(`analytics:criteria.periods.${p}`) }))}
        />
        <FilterSelect
          id="criteria-round"
          name="round"
          label={t("analytics:filter.reviewRound")}
          value={filter.round}
          allLabel={t("analytics:filter.allRounds")}
          options={options.rounds}
        />
      </FilterForm>
      <FilterNotice invalid={invalid} tag={!!filter.tag} round={!!filter.round} />
      <h2 className="mt-6">{dimensionName(dimensionKey)}</h2>
      <SmallGroupNotice min={data.min} hidden={data.hidden} />
      {data.empty ? (
        <p className="mt-4" data-testid="criteria-empty">
          {t("analytics:criteria.empty")}
        </p>
      ) : (
        <>
          <ExportLinks href={`/resources/criteria-analytics-export/${tab}`} query={query} />
          {data.charts.map((chart) => (
            <BarChart
              key={chart.id}
              id={chart.id}
              title={chart.title}
              groupLabel={chart.groupLabel}
              series={chart.series}
              rows={chart.rows}
              grouped={chart.grouped}
              headingLevel={3}
              hiddenText={t("analytics:smallGroups.hidden")}
              totalLabel={chart.percent ? undefined : t("results:summary.total")}
              max={chart.percent ? 100 : undefined}
              format={chart.percent ? percent : String}
            >
              {chart.id === "criteria-teams" && data.teamsInAll !== null ? (
                <TeamsShownNotice
                  shown={chart.rows.length}
                  all={data.teamsInAll}
                  order={t("analytics:criteria.teamsOrder")}
                />
              ) : null}
            </BarChart>
          ))}
          <p className="mt-2 text-sm text-ink-muted">
            {t(tab === "roles" ? "analytics:criteria.rolesNote" : "analytics:scaleNote")}
          </p>
        </>
      )}
    </>
  );
}
