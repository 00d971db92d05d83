import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSearch, FilterSelect } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { PageHeader } from "~/components/ui/table";
import { Tabs } from "~/components/ui/tabs";
import { Figures } from "~/features/analytics/components/analytics-ui";
import { CompetenceShortageText, PlanningTable, useFteText } from "~/features/planning/components/planning-table";
import { horizonDate, parseHorizon, planningHorizons, PLANNING_PAGE_SIZE } from "~/features/planning/planning";
import { FilterNotice } from "~/features/analytics/components/filter-notice";
import { teamFilterField } from "~/features/analytics/hr-filter";
import { mayEditSomePlan, parsePlanningFilter, planningTable } from "~/features/planning/planning.server";
import { formatDate, isoDayIn } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

/**
 * Workforce planning (spec §3 Planning, §9 horizons; docs/decisions/1550): per team and position the need HR
 * set, what is available at the horizon, the gap and who leaves before it. analytics.read to view (a team
 * leader with it sees their own teams), teams.manage to set needs. The horizon is the path, the filters are
 * the query: every view is a link.
 */
export const handle = { i18n: ["planning", "analytics", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "analytics.read");
  const horizon = parseHorizon(params.horizon) ?? notFound();
  const { filter, invalid, choices } = await parsePlanningFilter(ctx, request);
  const today = isoDayIn(new Date());
  const [table, t] = await Promise.all([
    planningTable(ctx, {
      horizon,
      today,
      filter,
      limit: PLANNING_PAGE_SIZE,
      offset: (filter.page - 1) * PLANNING_PAGE_SIZE,
      knowledge: true,
    }),
    getServerT(request),
  ]);
  return {
    title: `${t(`planning:horizons.${horizon}`)} · ${pageTitle(t, "planning:title")}`,
    horizon,
    horizonDay: horizonDate(horizon, today),
    filter,
    invalid,
    ...table,
    // Above TEAM_SELECT_LIMIT teams the page gets the chosen team's name, not every team (1870, 1981).
    teamField: teamFilterField(choices.teams, filter.team),
    positions: choices.positions,
    canEdit: mayEditSomePlan(ctx),
  };
}

export default function PlanningPage() {
  const { t } = useTranslation();
  const {
    horizon,
    horizonDay,
    filter,
    invalid,
    rows,
    totals,
    knowledge,
    teamCompetence,
    shownTeams,
    teamField,
    positions,
    canEdit,
  } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { fte } = useFteText();
  const keep = { team: filter.team, position: filter.position };
  const exportQuery = new URLSearchParams(
    Object.entries({ horizon, ...keep }).filter((e): e is [string, string] => Boolean(e[1])),
  );
  return (
    <>
      <PageHeader title={t("planning:title")}>
        {canEdit ? (
          <Link
            to={`/analytics/planning/edit?horizon=${horizon}`}
            className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline"
          >
            {t("planning:addNeed")}
          </Link>
        ) : null}
      </PageHeader>
      <p className="mb-4 mt-2 max-w-3xl">{t("planning:intro")}</p>
      <Tabs
        label={t("planning:horizonsLabel")}
        baseHref="/analytics/planning"
        current={horizon}
        tabs={planningHorizons.map((key) => ({ key, label: t(`planning:horizons.${key}`) }))}
        keep={keep}
      />
      <p className="mb-4" data-testid="planning-day">
        {t("planning:horizonDay", { date: formatDate(horizonDay) })}
      </p>
      <FilterForm
        submitLabel={t("planning:filter.submit")}
        className="mb-6 flex flex-wrap items-end gap-4 rounded bg-white p-4 shadow-sm"
      >
        {teamField.teams ? (
          <FilterSelect
            id="planning-team"
            name="team"
            label={t("planning:filter.team")}
            value={filter.team}
            allLabel={t("planning:filter.allTeams")}
            options={teamField.teams}
          />
        ) : (
          <FilterSearch
            id="planning-team-name"
            name="teamName"
            label={t("planning:filter.team")}
            value={teamField.teamName}
            hint={t("analytics:filter.teamNameHint")}
          />
        )}
        <FilterSelect
          id="planning-position"
          name="position"
          label={t("planning:filter.position")}
          value={filter.position}
          allLabel={t("planning:filter.allPositions")}
          options={positions.map((o) => ({ value: o.id, label: o.name }))}
        />
      </FilterForm>
      <FilterNotice invalid={invalid} tag={false} />
      <Figures
        items={[
          { key: "needed", label: t("planning:totals.needed"), value: fte(totals.neededFte) },
          { key: "available", label: t("planning:totals.available"), value: fte(totals.availableFte) },
          { key: "short", label: t("planning:totals.short"), value: fte(totals.shortFte) },
          { key: "leaving", label: t("planning:totals.leaving"), value: totals.leaving },
        ]}
      />
      <p className="my-4 flex gap-4">
        <a href={`/resources/planning-export?${exportQuery}`} download>
          {t("planning:export.xlsx")}
        </a>
        <a href={`/resources/planning-export?${exportQuery}&format=csv`} download>
          {t("planning:export.csv")}
        </a>
      </p>
      {rows.length === 0 ? (
        <p>{t("planning:empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <PlanningTable rows={rows} horizon={horizon} canEdit={canEdit} competences={teamCompetence !== null} />
        </div>
      )}
      <Pager page={filter.page} total={totals.rows} pageSize={PLANNING_PAGE_SIZE} search={search} />
      {teamCompetence && shownTeams.length > 0 ? (
        <section className="mt-8 max-w-3xl" aria-labelledby="competence-heading">
          <h2 id="competence-heading">{t("planning:competence.title")}</h2>
          <p className="text-sm text-ink-muted">{t("planning:competence.hint")}</p>
          <ul className="mt-2" data-testid="planning-competence">
            {shownTeams.map((team) => (
              <li key={team.id}>
                <strong>{team.name}</strong>: <CompetenceShortageText shortage={teamCompetence[team.id] ?? null} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {knowledge && shownTeams.length > 0 ? (
        <section className="mt-8 max-w-3xl" aria-labelledby="knowledge-heading">
          <h2 id="knowledge-heading">{t("planning:knowledge.title")}</h2>
          <p className="text-sm text-ink-muted">{t("planning:knowledge.hint")}</p>
          <ul className="mt-2" data-testid="planning-knowledge">
            {shownTeams.map((team) => {
              const short = knowledge[team.id] ?? [];
              return (
                <li key={team.id}>
                  <strong>{team.name}</strong>:{" "}
                  {short.length === 0
                    ? t("planning:knowledge.none")
                    : short
                        .map((s) => t("planning:knowledge.area", { area: s.areaName, count: s.shortage }))
                        .join(", ")}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}
