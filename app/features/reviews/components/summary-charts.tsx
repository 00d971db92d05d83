import { TableScroll } from "~/components/ui/table";
import { useTranslation } from "react-i18next";
import { scaleColors, scaleLevels, type ScaleSize } from "~/features/criteria/scales";
import type { RoundSummary } from "../round-results.server";
import { distributionText, inDisplayOrder } from "../results";
import { Legend, roleColors, StackedBar, type ResultTexts } from "./results-ui";

type Counts = Record<string, number>;
type SummaryData = Pick<RoundSummary, "teams" | "total"> & { round: { scale: ScaleSize } };

/** Counts per team and in total as a table (the bars' data, for screen readers and print). */
function CountsTable({
  testId,
  caption,
  captionClassName,
  columns,
  rows,
}: {
  testId: string;
  caption: string;
  captionClassName: string;
  columns: { key: string; label: string }[];
  rows: { key: string; name: string; counts: number[] }[];
}) {
  const { t } = useTranslation();
  return (
    <TableScroll>
      <table className="w-full bg-white text-left shadow-sm" data-testid={testId}>
        <caption className={captionClassName}>{caption}</caption>
        <thead>
          <tr className="border-b">
            {[{ key: "team", label: t("results:table.team") }, ...columns].map((c) => (
              <th key={c.key} scope="col" className="p-2">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={`border-b last:border-0 ${row.key === "total" ? "font-semibold" : ""}`}>
              <th scope="row" className="p-2 font-normal">
                {row.name}
              </th>
              {row.counts.map((n, i) => (
                <td key={columns[i].key} className="p-2">
                  {n}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** What the role distribution needs: people per role, per team and in total (a round's summary, analytics). */
export type RoleSummary = {
  teams: { reviewId: string; name: string; subjects: number; roleCounts: Counts }[];
  total: { subjects: number; roleCounts: Counts };
};

/** How the people of each team and of all teams are spread over the development roles. */
export function RoleDistribution({ summary, texts }: { summary: RoleSummary; texts: Pick<ResultTexts, "roles"> }) {
  const { t } = useTranslation();
  const roles = [...inDisplayOrder(texts.roles), { id: 0, key: "none", label: t("results:noRole") }];
  const countOf = (counts: Counts, id: number) => counts[id === 0 ? "none" : String(id)] ?? 0;
  const rows = [
    ...summary.teams.map((team) => ({
      key: team.reviewId,
      name: team.name,
      subjects: team.subjects,
      counts: team.roleCounts,
    })),
    {
      key: "total",
      name: t("results:summary.total"),
      subjects: summary.total.subjects,
      counts: summary.total.roleCounts,
    },
  ];
  const describe = (name: string, subjects: number, counts: Counts) =>
    `${name}: ${distributionText(
      t("results:grid.people", { count: subjects }),
      roles.map((r) => ({ label: r.label, count: countOf(counts, r.id) })),
    )}`;
  return (
    <section aria-labelledby="roles-heading">
      <h2 id="roles-heading" className="mb-2">
        {t("results:summary.rolesTitle")}
      </h2>
      <p className="mb-3" data-testid="summary-text">
        {describe(t("results:summary.total"), summary.total.subjects, summary.total.roleCounts)}
      </p>
      <ul className="max-w-3xl space-y-3">
        {rows.map((row) => (
          <li key={row.key}>
            <p className={`text-sm ${row.key === "total" ? "font-semibold" : ""}`}>{row.name}</p>
            <StackedBar
              description={describe(row.name, row.subjects, row.counts)}
              parts={roles.map((r) => ({
                key: r.key,
                label: r.label,
                count: countOf(row.counts, r.id),
                color: roleColors[r.key],
              }))}
            />
          </li>
        ))}
      </ul>
      <Legend items={roles.map((r) => ({ key: r.key, label: r.label, color: roleColors[r.key] }))} />
      <div className="mt-6 relative overflow-x-auto">
        <CountsTable
          testId="roles-table"
          caption={t("results:summary.rolesTable")}
          captionClassName="p-2 text-left font-semibold"
          columns={[...roles, { key: "people", label: t("results:summary.people") }]}
          rows={rows.map((row) => ({
            key: row.key,
            name: row.name,
            counts: [...roles.map((r) => countOf(row.counts, r.id)), row.subjects],
          }))}
        />
      </div>
    </section>
  );
}

/** Per dimension: how the scores of each team and of all teams are spread over the scale's levels. */
export function LevelDistribution({
  summary,
  texts,
}: {
  summary: SummaryData;
  texts: Pick<ResultTexts, "dimensions">;
}) {
  const { t } = useTranslation();
  const levels = scaleLevels(summary.round.scale).map((l) => ({
    ...l,
    key: l.name,
    label: t(`criteria:levels.${l.name}`),
    color: scaleColors[l.name],
  }));
  const rows = [
    ...summary.teams.map((team) => ({ key: team.reviewId, name: team.name, counts: team.levelCounts })),
    { key: "total", name: t("results:summary.total"), counts: summary.total.levelCounts },
  ];
  return (
    <>
      {texts.dimensions.map((d) => {
        const dim = String(d.dimension) as "1" | "2" | "3";
        const totalCounts: Counts = summary.total.levelCounts[dim] ?? {};
        const countOf = (counts: Counts | undefined, value: number) => counts?.[String(value)] ?? 0;
        return (
          <section key={d.dimension} aria-labelledby={`levels-${d.dimension}`} className="mb-8">
            <h2 id={`levels-${d.dimension}`} className="mb-2">
              {d.name}
            </h2>
            <StackedBar
              description={`${d.name}, ${t("results:summary.total")}: ${levels
                .map((l) => `${countOf(totalCounts, l.value)} ${l.label.toLowerCase()}`)
                .join(", ")}`}
              parts={levels.map((l) => ({ ...l, count: countOf(totalCounts, l.value) }))}
            />
            <Legend items={levels} />
            <div className="mt-3 relative overflow-x-auto">
              <CountsTable
                testId={`levels-table-${d.dimension}`}
                caption={t("results:summary.levelsTable", { name: d.name })}
                captionClassName="sr-only"
                columns={levels}
                rows={rows.map((row) => ({
                  key: row.key,
                  name: row.name,
                  counts: levels.map((l) => countOf(row.counts[dim] as Counts | undefined, l.value)),
                }))}
              />
            </div>
          </section>
        );
      })}
    </>
  );
}
