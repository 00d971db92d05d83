import { useTranslation } from "react-i18next";
import { Legend, roleColors, StackedBar, type RoleText } from "~/features/reviews/components/results-ui";
import { inDisplayOrder } from "~/features/reviews/results";
import type { DevelopmentAnalytics, RoleCounts } from "../development.server";
import { partsText } from "./analytics-ui";

/** The roles in the grid's order, and "no role" for people with a dimension not scored. */
export function useRoleParts(roles: readonly RoleText[]) {
  const { t } = useTranslation();
  const all = [...inDisplayOrder(roles), { id: 0, key: "none", label: t("results:noRole") }];
  return (counts: RoleCounts) =>
    all.map((r) => ({
      key: r.key,
      label: r.label,
      count: counts[r.id === 0 ? "none" : String(r.id)] ?? 0,
      color: roleColors[r.key],
    }));
}

/** The development tab: the development roles of everyone's latest finished team review, in total and per team. */
export function DevelopmentView({ data, roles }: { data: DevelopmentAnalytics; roles: RoleText[] }) {
  const { t } = useTranslation();
  const partsOf = useRoleParts(roles);
  if (data.reviewed === 0) return <p data-testid="development-empty">{t("analytics:development.empty")}</p>;
  const rows = [
    ...data.teams.map((team) => ({
      key: team.teamId ?? team.name,
      name: team.name,
      people: team.people,
      counts: team.roleCounts,
    })),
    { key: "total", name: t("analytics:development.total"), people: data.reviewed, counts: data.total },
  ];
  const totalParts = partsOf(data.total);
  return (
    <section aria-labelledby="roles-title" className="max-w-4xl">
      <h2 id="roles-title" className="mb-2">
        {t("analytics:development.rolesTitle")}
      </h2>
      <p className="mb-1" data-testid="development-summary">
        {t("analytics:development.summary", { reviewed: data.reviewed, active: data.active })}
      </p>
      <p className="mb-4">{partsText(totalParts)}</p>
      <ul className="space-y-3">
        {rows.map((row) => {
          const parts = partsOf(row.counts);
          return (
            <li key={row.key}>
              <p className={`text-sm ${row.key === "total" ? "font-semibold" : ""}`}>{row.name}</p>
              <StackedBar parts={parts} description={`${row.name}: ${partsText(parts)}`} />
            </li>
          );
        })}
      </ul>
      <Legend items={totalParts} />
      <div className="mt-6 overflow-x-auto">
        <table className="w-full bg-white text-left shadow-sm" data-testid="development-table">
          <caption className="p-2 text-left font-semibold">{t("analytics:development.tableCaption")}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                {t("analytics:development.team")}
              </th>
              {totalParts.map((p) => (
                <th key={p.key} scope="col" className="p-2">
                  {p.label}
                </th>
              ))}
              <th scope="col" className="p-2">
                {t("analytics:development.people")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={`border-b last:border-0 ${row.key === "total" ? "font-semibold" : ""}`}>
                <th scope="row" className="p-2 font-normal">
                  {row.name}
                </th>
                {partsOf(row.counts).map((p) => (
                  <td key={p.key} className="p-2">
                    {p.count}
                  </td>
                ))}
                <td className="p-2">{row.people}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
