import { useTranslation } from "react-i18next";
import type { AreaCard } from "../knowledge-card";

const barHeight = 14;
const rowHeight = 2 * barHeight + 22;
const labelWidth = 170;
const plotWidth = 300;
const valueWidth = 40;
const width = labelWidth + plotWidth + valueWidth;

/**
 * The knowledge card as bars (docs/decisions/1081): per area the people needed and the people available,
 * each bar with its number as text (never colour alone). Server-rendered SVG: no JavaScript, and it prints.
 * The card's table beside it holds the same data.
 */
export function KnowledgeChart({ areas, id }: { areas: readonly AreaCard[]; id: string }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...areas.flatMap((a) => [a.needed, a.available]));
  const x = (v: number) => (v / max) * plotWidth;
  const height = areas.length * rowHeight + 30;
  const summary = areas
    .map((a) => t("knowledge-areas:card.chartArea", { area: a.areaName, needed: a.needed, available: a.available }))
    .join("; ");
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-2xl bg-white"
    >
      <title id={`${id}-title`}>{t("knowledge-areas:card.chartTitle")}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      <g className="text-[12px]">
        <rect x={labelWidth} y={4} width={12} height={12} className="fill-gray-400" />
        <text x={labelWidth + 18} y={14} className="fill-ink">
          {t("knowledge-areas:card.needed")}
        </text>
        <rect x={labelWidth + 120} y={4} width={12} height={12} className="fill-brand-700" />
        <text x={labelWidth + 138} y={14} className="fill-ink">
          {t("knowledge-areas:card.available")}
        </text>
      </g>
      {areas.map((area, i) => {
        const top = 30 + i * rowHeight;
        return (
          <g key={area.areaId} className="text-[12px]">
            <text x={labelWidth - 8} y={top + barHeight + 4} textAnchor="end" className="fill-ink font-medium">
              {area.areaName.length > 24 ? `${area.areaName.slice(0, 23)}…` : area.areaName}
            </text>
            <rect x={labelWidth} y={top} width={x(area.needed)} height={barHeight} className="fill-gray-400" />
            <text x={labelWidth + x(area.needed) + 4} y={top + barHeight - 3} className="fill-ink">
              {area.needed}
            </text>
            <rect
              x={labelWidth}
              y={top + barHeight + 2}
              width={x(area.available)}
              height={barHeight}
              className="fill-brand-700"
            />
            <text x={labelWidth + x(area.available) + 4} y={top + 2 * barHeight - 1} className="fill-ink">
              {area.available}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
