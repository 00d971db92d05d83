import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ScaleSize } from "~/features/criteria/scales";
import { ListTable } from "~/components/ui/table";
import type { ResultRow } from "../round-results.server";
import {
  bandsHighToLow,
  bandsLowToHigh,
  distributionText,
  gridCell,
  inDisplayOrder,
  roleCounts,
  rolesOfCell,
  type Band,
} from "../results";
import { useAverage, type ResultTexts, type RoleText } from "./results-ui";
import { personName } from "~/utils/person-name";

export function useRoleLabel(roles: RoleText[]) {
  const { t } = useTranslation();
  return (id: number | null) => roles.find((r) => r.id === id)?.label ?? t("results:noRole");
}

export const reportHref = (row: { reviewId: string; membershipId: string }) =>
  `/review/report/${row.reviewId}/employee/${row.membershipId}`;

/** The first cells of a person's row in the results tables: name (to the report), team, the three averages, role. */
export function ResultRowCells({ row, roles }: { row: ResultRow; roles: RoleText[] }) {
  const average = useAverage();
  const roleLabel = useRoleLabel(roles);
  return (
    <>
      <th scope="row" className="p-2 font-normal">
        <Link to={reportHref(row)}>
          {row.firstName} {row.lastName}
        </Link>
      </th>
      <td className="p-2">{row.teamName}</td>
      <td className="p-2">{average(row.performance)}</td>
      <td className="p-2">{average(row.potential)}</td>
      <td className="p-2">{average(row.employability)}</td>
      <td className="p-2">{roleLabel(row.developmentRole)}</td>
    </>
  );
}

/** The 9-box grid of the round's people (performance × potential), with its data as a table below. */
export function ResultsGrid({ rows, scale, texts }: { rows: ResultRow[]; scale: ScaleSize; texts: ResultTexts }) {
  const { t } = useTranslation();
  const average = useAverage();
  const roleLabel = useRoleLabel(texts.roles);
  const counts = roleCounts(rows);
  const summary = distributionText(
    t("results:grid.people", { count: rows.length }),
    inDisplayOrder(texts.roles).map((r) => ({ label: r.label, count: counts[String(r.id)] ?? 0 })),
  );
  const placed = rows.map((row) => ({ row, cell: gridCell(row, scale, texts.thresholds) }));
  const unplaced = placed.filter((p) => !p.cell).map((p) => p.row);
  const labelOfKey = (key: string) => texts.roles.find((r) => r.key === key)?.label ?? key;
  const bandName = (b: Band) => t(`results:grid.band.${b}`);
  const [perfName, potName, empName] = texts.dimensions.map((d) => d.name);

  if (rows.length === 0) return <p>{t("results:grid.empty")}</p>;
  return (
    <section aria-labelledby="grid-heading">
      <h2 id="grid-heading" className="sr-only">
        {t("results:tabs.grid")}
      </h2>
      <figure aria-labelledby="grid-title" aria-describedby="grid-summary" className="max-w-5xl">
        <figcaption id="grid-title" className="font-semibold">
          {t("results:grid.title", { x: perfName, y: potName })}
        </figcaption>
        <p id="grid-summary" className="mb-3" data-testid="grid-summary">
          {summary}
        </p>
        <div className="flex gap-2">
          <div className="flex w-6 items-center justify-center">
            <span className="-rotate-90 whitespace-nowrap text-sm font-medium">{potName} →</span>
          </div>
          <div className="grid flex-1 grid-cols-3 gap-1" data-testid="grid">
            {bandsHighToLow.map((pot) =>
              bandsLowToHigh.map((perf) => {
                const roles = rolesOfCell({ performance: perf, potential: pot });
                const people = placed.filter((p) => p.cell && p.cell.performance === perf && p.cell.potential === pot);
                const title = roles.map(labelOfKey).join(" / ");
                return (
                  <section
                    key={`${pot}-${perf}`}
                    aria-label={t("results:grid.cellLabel", {
                      roles: title,
                      x: perfName,
                      xBand: bandName(perf),
                      y: potName,
                      yBand: bandName(pot),
                    })}
                    className={`min-h-28 rounded border p-2 ${roles.includes("star") ? "bg-brand-50" : "bg-white"}`}
                    data-testid={`cell-${perf}-${pot}`}
                  >
                    <h3 className="text-sm font-semibold">{title}</h3>
                    <ul className="mt-1 space-y-1">
                      {people.map(({ row }) => (
                        <li key={row.subjectId}>
                          <Link
                            to={reportHref(row)}
                            className="block rounded border border-gray-300 bg-gray-50 px-2 py-1 text-sm no-underline hover:bg-brand-50"
                          >
                            <span className="font-medium">
                              {row.firstName} {row.lastName}
                            </span>
                            <span className="block text-xs text-ink">
                              {roleLabel(row.developmentRole)} · {empName} {average(row.employability)}
                            </span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              }),
            )}
          </div>
        </div>
        <p className="ml-8 mt-1 text-center text-sm font-medium">{perfName} →</p>
      </figure>
      {unplaced.length ? (
        <p className="mt-2 text-sm">
          {t("results:grid.unplaced", { names: unplaced.map((r) => personName(r.firstName, r.lastName)).join(", ") })}
        </p>
      ) : null}
      <h2 className="mb-2 mt-6">{t("results:grid.dataTitle")}</h2>
      <div className="relative overflow-x-auto">
        <ListTable
          columns={[
            { label: t("results:table.name") },
            { label: t("results:table.team") },
            ...texts.dimensions.map((d) => ({ label: d.name })),
            { label: t("results:table.role") },
            { label: t("results:table.actions"), hidden: true },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.subjectId} className="border-b last:border-0">
              <ResultRowCells row={row} roles={texts.roles} />
              <td className="p-2">
                <Link
                  to={`/review/${row.reviewId}/compare/${row.membershipId}`}
                  aria-label={t("results:table.compareOne", { name: personName(row.firstName, row.lastName) })}
                >
                  {t("results:table.compare")}
                </Link>
              </td>
            </tr>
          ))}
        </ListTable>
      </div>
    </section>
  );
}
