import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BarChart, type ChartSeries } from "~/components/ui/bar-chart";
import { ListTable, Row } from "~/components/ui/table";
import type { RoleText } from "~/features/reviews/components/results-ui";
import { roleColors } from "~/features/reviews/components/results-ui";
import { inDisplayOrder } from "~/features/reviews/results";
import type { MovementAnalytics, roundsForPage } from "../development-rounds.server";
import type { DevelopmentAnalytics } from "../development.server";
import { SmallGroupNotice } from "./small-group-notice";
import { TeamsShownNotice } from "./teams-shown-notice";

/**
 * The development-role pictures of HR analytics (docs/decisions/1602): stacked bars per group with the table
 * under them (BarChart), hidden groups as "verborgen" (1600). Role keys are the stored ids ("1"…"5", "none").
 */
function useRoleSeries(roles: RoleText[]): ChartSeries[] {
  const { t } = useTranslation();
  return [
    ...inDisplayOrder(roles).map((r) => ({ key: String(r.id), label: r.label, color: roleColors[r.key] })),
    { key: "none", label: t("results:noRole"), color: roleColors.none },
  ];
}

/** A BarChart of development roles: the roles as stacked series, a total column, "verborgen" for hidden groups. */
function RoleBarChart({
  id,
  title,
  groupLabel,
  series,
  rows,
  children,
}: {
  id: string;
  title: string;
  groupLabel: string;
  series: ChartSeries[];
  rows: { key: string; label: string; counts: Record<string, number> | null }[];
  /** Under the chart's table (a note on which rows are shown). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <BarChart
      id={id}
      title={title}
      groupLabel={groupLabel}
      totalLabel={t("results:summary.total")}
      hiddenText={t("analytics:smallGroups.hidden")}
      series={series}
      rows={rows.map((row) => ({ key: row.key, label: row.label, values: valuesOf(series, row.counts) }))}
    >
      {children}
    </BarChart>
  );
}

const valuesOf = (series: ChartSeries[], counts: Record<string, number> | null) =>
  series.map((s) => (counts ? (counts[s.key] ?? 0) : null));

export function DevelopmentView({
  data,
  roles,
}: {
  data: DevelopmentAnalytics & { teamsInAll: number };
  roles: RoleText[];
}) {
  const { t } = useTranslation();
  const series = useRoleSeries(roles);
  if (data.reviewed === 0) return <p data-testid="development-empty">{t("analytics:development.empty")}</p>;
  return (
    <div className="max-w-4xl">
      <SmallGroupNotice min={data.min} hidden={data.hidden} />
      {data.reviewed !== null ? (
        <p className="my-4" data-testid="development-summary">
          {t("analytics:development.summary", { reviewed: data.reviewed, active: data.active })}
        </p>
      ) : null}
      <RoleBarChart
        id="development"
        title={t("results:summary.rolesTitle")}
        groupLabel={t("analytics:hr.team")}
        series={series}
        rows={[
          ...data.teams.map((team) => ({ key: team.teamId ?? team.name, label: team.name, counts: team.roleCounts })),
          { key: "total", label: t("results:summary.total"), counts: data.total },
        ]}
      >
        <TeamsShownNotice
          shown={data.teams.length}
          all={data.teamsInAll}
          order={t("analytics:development.teamsOrder")}
        />
      </RoleBarChart>
    </div>
  );
}

type RoundsForPage = ReturnType<typeof roundsForPage>;

export function RoundsView({ data, roles }: { data: RoundsForPage; roles: RoleText[] }) {
  const { t } = useTranslation();
  const series = useRoleSeries(roles);
  if (data.rounds.length === 0) return <p data-testid="rounds-empty">{t("analytics:rounds.empty")}</p>;
  return (
    <div className="max-w-4xl">
      <SmallGroupNotice min={data.min} hidden={data.hidden} />
      <RoleBarChart
        id="rounds"
        title={t("analytics:rounds.perRound")}
        groupLabel={t("analytics:rounds.round")}
        series={series}
        rows={data.rounds.map((round) => ({ key: round.id, label: round.name, counts: round.group.counts }))}
      />
      {data.latest && data.teams.length > 0 ? (
        <RoleBarChart
          id="round-teams"
          title={t("analytics:rounds.perTeam", { round: data.latest.name })}
          groupLabel={t("analytics:hr.team")}
          series={series}
          rows={data.teams.map((team) => ({ key: team.key, label: team.name, counts: team.counts }))}
        >
          <TeamsShownNotice
            shown={data.teams.length}
            all={data.teamsInAll}
            order={t("analytics:development.teamsOrder")}
          />
        </RoleBarChart>
      ) : null}
    </div>
  );
}

export function MovementView({ data, roles }: { data: MovementAnalytics; roles: RoleText[] }) {
  const { t } = useTranslation();
  const series = useRoleSeries(roles);
  const label = (key: string) => series.find((s) => s.key === key)?.label ?? key;
  const hidden = t("analytics:smallGroups.hidden");
  const cell = (n: number | null) => (n === null ? hidden : n);
  if (!data.from || !data.to) return <p data-testid="movement-empty">{t("analytics:movement.needTwo")}</p>;
  return (
    <div className="max-w-4xl">
      <SmallGroupNotice min={data.min} hidden={data.hidden} />
      {data.populationHidden ? (
        <p className="mt-4" data-testid="movement-hidden">
          {t("analytics:movement.hidden")}
        </p>
      ) : data.table === null ? (
        <p className="mt-4" data-testid="movement-none">
          {t("analytics:movement.none")}
        </p>
      ) : (
        <section aria-labelledby="movement-title" className="mt-6">
          <h2 id="movement-title" className="mb-2">
            {t("analytics:movement.title")}
          </h2>
          <p className="mb-2">{t("analytics:movement.people", { count: data.population ?? 0 })}</p>
          <ListTable
            caption={t("analytics:movement.caption")}
            columns={[t("analytics:movement.fromTo"), ...data.roles.map((r) => label(r)), t("results:summary.total")]}
            sticky={false}
            className="w-full bg-white text-left shadow-sm"
            data-testid="movement-table"
          >
            {data.roles.map((from, i) => (
              <Row
                key={from}
                heading={label(from)}
                cells={[...data.table!.cells[i].map(cell), cell(data.table!.rowTotals[i])]}
              />
            ))}
            <Row
              heading={t("results:summary.total")}
              cells={[...data.table.columnTotals.map(cell), data.population ?? hidden]}
            />
          </ListTable>
        </section>
      )}
    </div>
  );
}
