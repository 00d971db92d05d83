import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { FilterNotice } from "~/features/analytics/components/filter-notice";
import { GroupFilterSelects } from "~/features/analytics/components/group-filter-selects";
import { PageHeader } from "~/components/ui/table";
import { Tabs } from "~/components/ui/tabs";
import { hrAnalyticsGuard, hrTabRights, hrTabs, periods } from "~/features/analytics/analytics";
import { analyticsHandle } from "~/features/analytics/components/analytics-ui";
import { CompletionView, StaffFlowView } from "~/features/analytics/components/completion-flow-views";
import { DevelopmentView, MovementView, RoundsView } from "~/features/analytics/components/role-charts";
import { ExportLinks } from "~/features/analytics/components/small-group-notice";
import { WorkforceView } from "~/features/analytics/components/workforce-view";
import { completionForPage } from "~/features/analytics/completion.server";
import { developmentForPage } from "~/features/analytics/development.server";
import { roundsForPage } from "~/features/analytics/development-rounds.server";
import { hrTabData } from "~/features/analytics/hr-analytics.server";
import { flowIntervals, hrFilterQuery, teamFilterField } from "~/features/analytics/hr-filter";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import { isoDayIn } from "~/utils/format";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { can, requireRight } from "~/utils/tenant.server";

/**
 * HR analytics (spec §2 analytics/users/{tab}; docs/decisions/1409, 1602, 1720, 1961): the workforce and the
 * in/out flow with teams.manage; the development-role and completion tabs with analytics.read; each over its
 * right's teams, filtered by GET parameters, small groups hidden (1600), each with its export.
 */
export const handle = analyticsHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const tab = hrTabs.find((t) => t === params.tab);
  const ctx = await requireRight(request, tab ? hrTabRights[tab] : hrAnalyticsGuard);
  if (!tab) notFound();
  const { t, texts } = await requestResultTexts(request, ctx);
  const title = pageTitle(t, "analytics:hr.title");
  const tabs = hrTabs.filter((key) => can(ctx, hrTabRights[key]));
  const today = isoDayIn(new Date());
  const data = await hrTabData(ctx, tab, new URL(request.url), today);
  // Above TEAM_SELECT_LIMIT teams the page gets the chosen team's name, not every team (1870).
  const { teams, ...choices } = data.choices;
  const review = {
    ...data,
    choices,
    teamField: teamFilterField(teams, data.filter.team),
    completion: data.completion && completionForPage(data.completion),
    development: data.development && developmentForPage(data.development),
    rounds: data.rounds && roundsForPage(data.rounds),
  };
  return { title, tab, tabs, review, roles: texts.roles };
}

export default function HrAnalyticsPage() {
  const { t } = useTranslation();
  const { tab, tabs, review, roles } = useLoaderData<typeof loader>();
  const query = hrFilterQuery(review.filter);
  return (
    <>
      <PageHeader title={t("analytics:hr.title")} />
      <p className="mb-4 mt-2 max-w-3xl">{t(`analytics:hr.intro.${tab}`)}</p>
      <Tabs
        label={t("analytics:hr.tabsLabel")}
        baseHref="/analytics/users"
        current={tab}
        tabs={tabs.map((key) => ({ key, label: t(`analytics:hr.tabs.${key}`) }))}
      />
      <HrFilterForm review={review} tab={tab} />
      {/* The workforce's figures are all today's: the note that a tag is today's is for the tabs over time. */}
      <FilterNotice invalid={review.invalid} tag={!!review.filter.tag && !review.workforce} />
      <ExportLinks href={`/resources/hr-analytics-export/${tab}`} query={query} />
      {review.workforce ? <WorkforceView data={review.workforce} /> : null}
      {review.development ? <DevelopmentView data={review.development} roles={roles} /> : null}
      {review.rounds ? <RoundsView data={review.rounds} roles={roles} /> : null}
      {review.movement ? <MovementView data={review.movement} roles={roles} /> : null}
      {review.completion ? <CompletionView data={review.completion} /> : null}
      {review.flow ? <StaffFlowView data={review.flow} /> : null}
    </>
  );
}

type Review = ReturnType<typeof useLoaderData<typeof loader>>["review"];

/**
 * The GET form of the tabs: a filtered view is a link and works without JavaScript. The development tab filters
 * by team only (its figures are everyone's latest review; 1915); the workforce tab by team, tag and position (its
 * figures are today's; 1961).
 */
function HrFilterForm({ review, tab }: { review: Review; tab: string }) {
  const { t } = useTranslation();
  const { filter, choices } = review;
  const options = (list: { id: string; name: string }[]) => list.map((o) => ({ value: o.id, label: o.name }));
  const rounds = choices.rounds.map((r) => ({ value: r.id, label: r.name }));
  return (
    <FilterForm
      // The tab's own address, also from the navigation's entry (analytics/users): the filtered view is its link.
      action={`/analytics/users/${tab}`}
      submitLabel={t("analytics:filter.show")}
      label={t("analytics:filter.title")}
      className="mt-6 flex flex-wrap items-end gap-4 rounded bg-white p-4 shadow-sm"
    >
      <GroupFilterSelects
        idPrefix="hr"
        filter={filter}
        options={{ teams: review.teamField.teams, tags: options(choices.tags), positions: options(choices.positions) }}
        teamName={review.teamField.teamName}
        teamOnly={!!review.development}
      />
      {review.rounds || review.completion || review.flow ? (
        <FilterSelect
          id="hr-period"
          name="period"
          label={t("analytics:filter.period")}
          value={filter.period}
          options={periods.map((p) => ({ value: p, label: t(`analytics:criteria.periods.${p}`) }))}
        />
      ) : null}
      {review.completion ? (
        <FilterSelect
          id="hr-round"
          name="round"
          label={t("analytics:filter.round")}
          value={review.completion.round?.id ?? ""}
          options={rounds}
        />
      ) : null}
      {review.flow ? (
        <FilterSelect
          id="hr-interval"
          name="interval"
          label={t("analytics:filter.interval")}
          value={review.filter.interval}
          options={flowIntervals.map((i) => ({ value: i, label: t(`analytics:flow.${i}`) }))}
        />
      ) : null}
      {review.movement ? (
        <>
          <FilterSelect
            id="hr-from"
            name="from"
            label={t("analytics:filter.from")}
            value={review.movement.from}
            options={rounds}
          />
          <FilterSelect
            id="hr-to"
            name="to"
            label={t("analytics:filter.to")}
            value={review.movement.to}
            options={rounds}
          />
        </>
      ) : null}
    </FilterForm>
  );
}
