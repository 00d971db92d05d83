import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable } from "~/components/ui/table";
import { formatDate, formatNumber } from "~/utils/format";
import { competenceShortageText, type CompetenceShortage, type PlanningHorizon, type PlanningRow } from "../planning";

/** FTE as the page's language writes it, at most two decimals; a gap with its sign. */
export function useFteText() {
  const { i18n } = useTranslation();
  const language = i18n.language || "nl";
  return {
    fte: (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 }),
    signed: (value: number) =>
      (value > 0 ? "+" : value < 0 ? "−" : "") + formatNumber(Math.abs(value), language, { maximumFractionDigits: 2 }),
  };
}

/** A team's or position's competence shortage today (decision 1970), in the page's language. */
export function CompetenceShortageText({ shortage }: { shortage: CompetenceShortage | null }) {
  const { t } = useTranslation();
  return <span className={shortage?.short ? "font-semibold" : undefined}>{competenceShortageText(t, shortage)}</span>;
}

export function PlanningTable({
  rows,
  horizon,
  canEdit,
  competences,
}: {
  rows: readonly PlanningRow[];
  horizon: PlanningHorizon;
  canEdit: boolean;
  /** Whether the competences module is on: the column of competence shortages. */
  competences: boolean;
}) {
  const { t } = useTranslation();
  const { fte, signed } = useFteText();
  return (
    <ListTable
      caption={t("planning:table.caption")}
      columns={[
        t("planning:table.team"),
        t("planning:table.position"),
        t("planning:table.needed"),
        t("planning:table.available"),
        t("planning:table.gap"),
        t("planning:table.leaving"),
        competences && t("planning:table.competence"),
        t("planning:table.reason"),
        canEdit && { label: t("planning:table.actions"), hidden: true },
      ]}
    >
      {rows.map((row) => {
        const short = row.gap !== null && row.gap.fte < 0;
        return (
          <tr key={`${row.teamId}:${row.positionId ?? ""}`} className="border-b align-top" data-testid="planning-row">
            <td className="p-2">{row.teamName}</td>
            <td className="p-2">{row.positionName ?? <em>{t("planning:table.noPosition")}</em>}</td>
            <td className="p-2">
              {row.needed
                ? t("planning:table.peopleFte", { people: row.needed.employees, fte: fte(row.needed.fte) })
                : "–"}
            </td>
            <td className="p-2">
              {t("planning:table.peopleFte", { people: row.available.employees, fte: fte(row.available.fte) })}
            </td>
            <td className={`p-2 ${short ? "font-semibold text-danger" : ""}`} data-testid="planning-gap">
              {row.gap
                ? t(short ? "planning:table.short" : "planning:table.notShort", { fte: signed(row.gap.fte) })
                : "–"}
            </td>
            <td className="p-2">
              {row.leavers && row.leavers.length > 0 ? (
                <ul>
                  {row.leavers.map((l) => (
                    <li key={`${l.name}:${l.endDate}`}>
                      {t("planning:table.leaver", { name: l.name, date: formatDate(l.endDate) })}
                    </li>
                  ))}
                </ul>
              ) : row.leavingCount > 0 ? (
                t("planning:table.leavingCount", { count: row.leavingCount })
              ) : (
                "–"
              )}
            </td>
            {competences ? (
              <td className="p-2" data-testid="planning-competence-cell">
                <CompetenceShortageText shortage={row.competence} />
              </td>
            ) : null}
            <td className="p-2">{row.needed?.reason ?? ""}</td>
            {canEdit ? (
              <td className="p-2">
                {row.mayEdit && row.positionId ? (
                  <Link
                    to={`/analytics/planning/edit?${new URLSearchParams({ team: row.teamId, position: row.positionId, horizon })}`}
                  >
                    {t(row.needed ? "planning:table.edit" : "planning:table.set")}
                    <span className="sr-only">
                      {" "}
                      {t("planning:table.editLabel", { team: row.teamName, position: row.positionName })}
                    </span>
                  </Link>
                ) : null}
              </td>
            ) : null}
          </tr>
        );
      })}
    </ListTable>
  );
}
