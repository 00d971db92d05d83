import { useTranslation } from "react-i18next";
import { ListTable, Row } from "~/components/ui/table";
import { formatNumber } from "~/utils/format";
import type { AreaCard, TeamCardTotals } from "../knowledge-card";

/** Spec §3's card per area: available, needed, discrepancy, shortage, surplus, and who carries the area. */
export function KnowledgeCardTable({ areas, totals }: { areas: readonly AreaCard[]; totals: TeamCardTotals }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const signed = (value: number) => (value > 0 ? `+${n(value)}` : n(value));
  // "2 (Expert)", "2 (Expert, Basis)": which levels are short or left over, so a row with both reads right.
  const withLevels = (levels: readonly number[]) =>
    `${n(levels.length)} (${[...new Set(levels)].map((l) => t(`knowledge-areas:levels.${l}`)).join(", ")})`;
  return (
    <>
      <ListTable
        sticky={false}
        caption={t("knowledge-areas:card.tableCaption")}
        columns={[
          { label: t("knowledge-areas:card.area") },
          { label: t("knowledge-areas:card.available") },
          { label: t("knowledge-areas:card.needed") },
          { label: t("knowledge-areas:card.discrepancy") },
          { label: t("knowledge-areas:card.shortage") },
          { label: t("knowledge-areas:card.surplus") },
          { label: t("knowledge-areas:card.carriers") },
        ]}
      >
        {areas.map((area) => (
          <Row
            key={area.areaId}
            data-testid="knowledge-area-row"
            cells={[
              area.areaName,
              n(area.available),
              n(area.needed),
              signed(area.discrepancy),
              area.shortage > 0 ? <strong className="text-danger">{withLevels(area.shortageLevels)}</strong> : n(0),
              area.surplus > 0 ? <strong className="text-success">{withLevels(area.surplusLevels)}</strong> : n(0),
              <>
                {area.carriers.length === 0
                  ? t("knowledge-areas:card.nobody")
                  : area.carriers.map((c) => `${c.name} (${t(`knowledge-areas:levels.${c.level}`)})`).join(", ")}
                {area.busFactorWarning ? (
                  <p className="mt-1 text-sm font-medium text-warning">
                    {t("knowledge-areas:card.busFactor", { name: area.carriers[0]?.name })}
                  </p>
                ) : null}
              </>,
            ]}
          />
        ))}
        <tr className="border-t-2 font-semibold">
          <th scope="row" className="p-2">
            {t("knowledge-areas:card.total")}
          </th>
          <td className="p-2">{n(totals.available)}</td>
          <td className="p-2">{n(totals.needed)}</td>
          <td className="p-2">{signed(totals.available - totals.needed)}</td>
          <td className="p-2">{n(totals.shortage)}</td>
          <td className="p-2">{n(totals.surplus)}</td>
          <td className="p-2" />
        </tr>
      </ListTable>
      <p className="no-print mt-2 max-w-3xl text-sm text-ink-muted" data-testid="knowledge-card-legend">
        {t("knowledge-areas:card.legend")}
      </p>
    </>
  );
}
