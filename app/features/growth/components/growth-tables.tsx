import { useTranslation } from "react-i18next";
import { flowZones, type ZoneShares } from "~/features/flow/flow-zones";
import { ZoneShareCells } from "~/features/flow/components/flow-chart";
import { formatDate, formatNumber } from "~/utils/format";

type ReviewRow = {
  reviewId: string;
  name: string;
  teamName: string | null;
  finishedAt: string | null;
  performance: number | null;
  potential: number | null;
  employability: number | null;
  role: string | null;
};

/** My roles and dimension averages per finished review round (team reviews or self reviews), newest first. */
export function GrowthReviewTable({ rows, caption }: { rows: ReviewRow[]; caption: string }) {
  const { t, i18n } = useTranslation();
  const score = (value: number | null) =>
    value === null ? "–" : formatNumber(value, i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <table className="mt-3 w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="p-2">
            {t("growth:history.round")}
          </th>
          <th scope="col" className="p-2">
            {t("growth:history.date")}
          </th>
          <th scope="col" className="p-2">
            {t("growth:history.role")}
          </th>
          <th scope="col" className="p-2 text-right">
            {t("growth:history.performance")}
          </th>
          <th scope="col" className="p-2 text-right">
            {t("growth:history.potential")}
          </th>
          <th scope="col" className="p-2 text-right">
            {t("growth:history.employability")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.reviewId} className="border-b last:border-0">
            <td className="p-2">
              {row.name}
              {row.teamName ? <span className="block text-sm text-ink-muted">{row.teamName}</span> : null}
            </td>
            <td className="p-2">{formatDate(row.finishedAt)}</td>
            <td className="p-2">{row.role ? t(`criteria:roles.${row.role}`) : t("growth:history.noRole")}</td>
            <td className="p-2 text-right tabular-nums">{score(row.performance)}</td>
            <td className="p-2 text-right tabular-nums">{score(row.potential)}</td>
            <td className="p-2 text-right tabular-nums">{score(row.employability)}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
    <table className="mt-3 w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="p-2">
            {t("growth:history.date")}
          </th>
          {flowZones.map((zone) => (
            <th key={zone} scope="col" className="p-2">
              {t(`flow:zones.${zone}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-b last:border-0">
            <td className="p-2">{formatDate(row.createdAt)}</td>
            <ZoneShareCells shares={row.counted ? row.shares : null} empty={t("growth:flow.noneCounted")} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
