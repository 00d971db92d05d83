import { useTranslation } from "react-i18next";
import { flowZones, type ZoneShares } from "~/features/flow/flow-zones";
import { ZoneShareCells } from "~/features/flow/components/flow-chart";
import { formatDate, formatNumber } from "~/utils/format";
import { ListTable } from "~/components/ui/table";
import { isScaleSize, scaleLevels } from "~/features/criteria/scales";

type ReviewRow = {
  reviewId: string;
  name: string;
  teamName: string | null;
  finishedAt: string | null;
  performance: number | null;
  potential: number | null;
  employability: number | null;
  role: string | null;
  originalRole: string | null;
  /** Team reviews: the moves of this placement, newest first (1610, 1971). */
  calibrations?: {
    id: string;
    at: string;
    fromRole: string | null;
    toRole: string | null;
    reason: string;
    movedBy: string | null;
  }[];
};

/** My roles and dimension averages per finished review round (team reviews or self reviews), newest first. */
export function GrowthReviewTable({ rows, caption }: { rows: ReviewRow[]; caption: string }) {
  const { t, i18n } = useTranslation();
  const score = (value: number | null) =>
    value === null ? "–" : formatNumber(value, i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <ListTable
      className="mt-3 w-full text-left"
      sticky={false}
      caption={caption}
      columns={[
        t("growth:history.round"),
        t("growth:history.date"),
        t("growth:history.role"),
        ...(["performance", "potential", "employability"] as const).map((d) => ({
          label: t(`growth:history.${d}`),
          className: "p-2 text-right",
        })),
      ]}
    >
      {rows.map((row) => (
        <tr key={row.reviewId} className="border-b last:border-0">
          <td className="p-2">
            {row.name}
            {row.teamName ? <span className="block text-sm text-ink-muted">{row.teamName}</span> : null}
          </td>
          <td className="p-2">{formatDate(row.finishedAt)}</td>
          <td className="p-2">
            {row.role ? t(`criteria:roles.${row.role}`) : t("growth:history.noRole")}
            {row.role !== row.originalRole ? (
              <span className="block text-sm text-ink-muted">
                {t("growth:history.calibrated", {
                  role: row.originalRole ? t(`criteria:roles.${row.originalRole}`) : t("growth:history.noRole"),
                })}
              </span>
            ) : null}
            {row.calibrations?.map((c) => (
              <span key={c.id} className="mt-1 block text-sm" data-testid="growth-calibration">
                {t("growth:history.move", {
                  date: formatDate(c.at),
                  name: c.movedBy ?? t("growth:history.unknownMover"),
                  from: c.fromRole ? t(`criteria:roles.${c.fromRole}`) : t("growth:history.noRole"),
                  to: c.toRole ? t(`criteria:roles.${c.toRole}`) : t("growth:history.noRole"),
                })}
                {c.reason ? (
                  <span className="block whitespace-pre-line text-ink-muted">
                    {t("growth:history.moveReason", { reason: c.reason })}
                  </span>
                ) : null}
              </span>
            ))}
          </td>
          <td className="p-2 text-right tabular-nums">{score(row.performance)}</td>
          <td className="p-2 text-right tabular-nums">{score(row.potential)}</td>
          <td className="p-2 text-right tabular-nums">{score(row.employability)}</td>
        </tr>
      ))}
    </ListTable>
  );
}

/** My flow measurements, newest first, with the share of time per zone. */
export function GrowthFlowTable({
  rows,
  caption,
}: {
  rows: { id: string; createdAt: string; shares: ZoneShares; counted: boolean }[];
  caption: string;
}) {
  const { t } = useTranslation();
  return (
    <ListTable
      className="mt-3 w-full text-left"
      sticky={false}
      caption={caption}
      columns={[t("growth:history.date"), ...flowZones.map((zone) => t(`flow:zones.${zone}`))]}
    >
      {rows.map((row) => (
        <tr key={row.id} className="border-b last:border-0">
          <td className="p-2">{formatDate(row.createdAt)}</td>
          <ZoneShareCells shares={row.counted ? row.shares : null} empty={t("growth:flow.noneCounted")} />
        </tr>
      ))}
    </ListTable>
  );
}

type CriterionScore = { score: number; scale: number; finishedAt: string | null };

/** Criteria as a score type (1712): per criterion my latest team review score and my latest self review score. */
export function GrowthCriteriaTable({
  rows,
  caption,
  columns,
}: {
  rows: { criterionId: string; name: string; team: CriterionScore | null; self: CriterionScore | null }[];
  caption: string;
  /** The score types the cluster's modules hold. */
  columns: readonly ("team" | "self")[];
}) {
  const { t } = useTranslation();
  const shown = (value: CriterionScore | null) => {
    if (!value) return "–";
    const level = isScaleSize(value.scale) ? scaleLevels(value.scale).find((l) => l.value === value.score) : undefined;
    return (
      <>
        {t("growth:criteria.score", {
          level: level ? t(`criteria:levels.${level.name}`) : value.score,
          score: value.score,
          scale: value.scale,
        })}
        <span className="block text-sm text-ink-muted">{formatDate(value.finishedAt)}</span>
      </>
    );
  };
  return (
    <ListTable
      className="mt-3 w-full text-left"
      sticky={false}
      caption={caption}
      columns={[t("growth:criteria.criterion"), ...columns.map((type) => t(`growth:criteria.${type}`))]}
    >
      {rows.map((row) => (
        <tr key={row.criterionId} className="border-b last:border-0">
          <td className="p-2">{row.name}</td>
          {columns.map((type) => (
            <td key={type} className="p-2">
              {shown(row[type])}
            </td>
          ))}
        </tr>
      ))}
    </ListTable>
  );
}
