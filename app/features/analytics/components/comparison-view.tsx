import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Legend,
  roleColors,
  StackedBar,
  type DimensionText,
  type RoleText,
} from "~/features/reviews/components/results-ui";
import { inDisplayOrder } from "~/features/reviews/results";
import { dimensionKeys, type Dimension } from "~/features/criteria/scales";
import { formatDate } from "~/utils/format";
import { BarChart } from "~/components/ui/bar-chart";
import { groupColors, percentText } from "../analytics";
import type { ComparedTeam } from "../team-comparison.server";
import { partsText, PercentBar, useFte } from "./analytics-ui";

/** The roles in the grid's order, and "no role" for people with a dimension not scored. */
function useRoleParts(roles: readonly RoleText[]) {
  const { t } = useTranslation();
  const all = [...inDisplayOrder(roles), { id: 0, key: "none", label: t("results:noRole") }];
  return (counts: Record<string, number>) =>
    all.map((r) => ({
      key: r.key,
      label: r.label,
      count: counts[r.id === 0 ? "none" : String(r.id)] ?? 0,
      color: roleColors[r.key],
    }));
}

/** One row of the side-by-side table: a heading, then one cell a team. */
function MetricRow({
  label,
  teams,
  cell,
  testId,
}: {
  label: string;
  teams: ComparedTeam[];
  cell: (team: ComparedTeam) => ReactNode;
  testId?: string;
}) {
  return (
    <tr className="border-b last:border-0" data-testid={testId}>
      <th scope="row" className="p-2 font-normal">
        {label}
      </th>
      {teams.map((team) => (
        <td key={team.id} className="p-2">
          {cell(team)}
        </td>
      ))}
    </tr>
  );
}

/** The chosen teams side by side: one column a team, then the averages and the development roles. */
export function ComparisonView({
  teams,
  dimensions,
  roles,
}: {
  teams: ComparedTeam[];
  dimensions: DimensionText[];
  roles: RoleText[];
}) {
  const { t, i18n } = useTranslation();
  const fte = useFte();
  const partsOf = useRoleParts(roles);
  const hiddenText = t("analytics:smallGroups.hidden");
  const averageOf = (team: ComparedTeam, dimension: number) =>
    team.review?.averages?.[dimensionKeys[dimension as Dimension]] ?? null;
  const averageText = (team: ComparedTeam, dimension: number) =>
    team.review && !team.review.averages ? hiddenText : percentText(averageOf(team, dimension), i18n.language);
  const withCompetence = teams.some((team) => team.competence);
  const withKnowledge = teams.some((team) => team.knowledge);
  const competenceText = (team: ComparedTeam) =>
    !team.competence
      ? "–"
      : team.competence.hidden
        ? hiddenText
        : t("analytics:comparison.competenceOf", { short: team.competence.short, assessed: team.competence.assessed });
  const knowledgeText = (team: ComparedTeam) =>
    !team.knowledge ? "–" : team.knowledge.hidden ? hiddenText : team.knowledge.shortage;
  return (
    <>
      <div className="mt-6 relative overflow-x-auto">
        <table className="w-full bg-white text-left shadow-sm" data-testid="comparison-table">
          <caption className="p-2 text-left font-semibold">{t("analytics:comparison.tableCaption")}</caption>
          <thead>
            <tr className="border-b">
              <td className="p-2" />
              {teams.map((team) => (
                <th key={team.id} scope="col" className="p-2">
                  {team.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <MetricRow label={t("analytics:comparison.members")} teams={teams} cell={(team) => team.members} />
            <MetricRow label={t("analytics:comparison.fte")} teams={teams} cell={(team) => fte(team.fte)} />
            <MetricRow
              label={t("analytics:comparison.review")}
              teams={teams}
              cell={(team) =>
                team.review ? (
                  <>
                    {team.review.name}
                    {team.review.finishedAt ? (
                      <span className="block text-sm text-ink-muted">
                        {t("analytics:comparison.finishedOn", { date: formatDate(team.review.finishedAt) })}
                      </span>
                    ) : null}
                  </>
                ) : (
                  <span className="text-ink-muted">{t("analytics:comparison.noReview")}</span>
                )
              }
            />
            {dimensions.map((d) => (
              <MetricRow
                key={d.dimension}
                testId={`average-${d.dimension}`}
                label={d.name}
                teams={teams}
                cell={(team) => averageText(team, d.dimension)}
              />
            ))}
            {withCompetence ? (
              <MetricRow
                testId="competence-short"
                label={t("analytics:comparison.competenceShort")}
                teams={teams}
                cell={(team) => (
                  <>
                    {competenceText(team)}
                    {team.competence && !team.competence.hidden && team.competence.competences.length ? (
                      <span className="block text-sm text-ink-muted">
                        {team.competence.competences
                          .slice(0, 3)
                          .map((c) => `${c.name} (${c.people})`)
                          .join(", ")}
                      </span>
                    ) : null}
                  </>
                )}
              />
            ) : null}
            {withKnowledge ? (
              <MetricRow
                testId="knowledge-shortage"
                label={t("analytics:comparison.knowledgeShortage")}
                teams={teams}
                cell={(team) => (
                  <>
                    {knowledgeText(team)}
                    {team.knowledge && !team.knowledge.hidden && team.knowledge.areas.length ? (
                      <span className="block text-sm text-ink-muted">
                        {team.knowledge.areas.map((a) => `${a.areaName} (${a.shortage})`).join(", ")}
                      </span>
                    ) : null}
                  </>
                )}
              />
            ) : null}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-ink-muted">{t("analytics:scaleNote")}</p>

      {dimensions.map((d) => (
        <section key={d.dimension} aria-labelledby={`dimension-${d.dimension}`} className="mt-8 max-w-3xl">
          <h2 id={`dimension-${d.dimension}`} className="mb-2">
            {d.name}
          </h2>
          <ul className="space-y-2">
            {teams.map((team) => (
              <li key={team.id} className="flex flex-wrap items-center gap-4">
                <span className="w-48">{team.name}</span>
                <PercentBar label={`${team.name}, ${d.name}`} value={averageOf(team, d.dimension)} />
              </li>
            ))}
          </ul>
        </section>
      ))}

      {withCompetence || withKnowledge ? (
        <BarChart
          id="comparison-shortages"
          title={t("analytics:comparison.shortagesTitle")}
          groupLabel={t("analytics:hr.team")}
          grouped
          hiddenText={hiddenText}
          series={[
            ...(withCompetence
              ? [{ key: "competence", label: t("analytics:comparison.competenceShort"), color: groupColors[0] }]
              : []),
            ...(withKnowledge
              ? [{ key: "knowledge", label: t("analytics:comparison.knowledgeShortage"), color: groupColors[3] }]
              : []),
          ]}
          rows={teams.map((team) => ({
            key: team.id,
            label: team.name,
            values: [
              ...(withCompetence
                ? [team.competence && !team.competence.hidden ? team.competence.short : team.competence ? null : 0]
                : []),
              ...(withKnowledge
                ? [team.knowledge && !team.knowledge.hidden ? team.knowledge.shortage : team.knowledge ? null : 0]
                : []),
            ],
          }))}
        />
      ) : null}

      <section aria-labelledby="comparison-roles" className="mt-8 max-w-3xl">
        <h2 id="comparison-roles" className="mb-2">
          {t("analytics:comparison.rolesTitle")}
        </h2>
        <ul className="space-y-3">
          {teams.map((team) => {
            const parts = partsOf(team.review?.roleCounts ?? {});
            return (
              <li key={team.id}>
                <p className="text-sm">{team.name}</p>
                {team.review && !team.review.roleCounts ? (
                  <p className="text-sm text-ink-muted">{hiddenText}</p>
                ) : team.review ? (
                  <StackedBar parts={parts} description={`${team.name}: ${partsText(parts)}`} />
                ) : (
                  <p className="text-sm text-ink-muted">{t("analytics:comparison.noReview")}</p>
                )}
              </li>
            );
          })}
        </ul>
        <Legend items={partsOf({})} />
      </section>
    </>
  );
}
