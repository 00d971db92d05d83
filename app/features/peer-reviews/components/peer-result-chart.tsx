import { useTranslation } from "react-i18next";

export type PeerChartRow = {
  id: string;
  name: string;
  self: number | null;
  peers: number | null;
  leader: number | null;
};

const sides = [
  { key: "self", className: "fill-brand-700", pattern: null },
  { key: "peers", className: "fill-brand-100 stroke-brand-800", pattern: null },
  { key: "leader", className: "fill-warning", pattern: null },
] as const;

const LABEL = 200;
const BAR = 12;
const GAP = 4;
const ROW = sides.length * (BAR + GAP) + 14;
const WIDTH = 640;

/**
 * Self, the peers' average and the leader per criterion as server-rendered SVG (no JavaScript): three
 * bars per criterion, each with its value written beside it (never colour alone); the table next to it
 * holds the same figures.
 */
export function PeerResultChart({ rows, scale }: { rows: PeerChartRow[]; scale: number }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const plot = WIDTH - LABEL - 50;
  const height = rows.length * ROW + 30;
  const x = (value: number) => (value / scale) * plot;
  return (
    <figure className="avoid-break mb-6">
      <svg
        role="img"
        aria-labelledby="peer-chart-title peer-chart-desc"
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full max-w-3xl bg-white"
      >
        <title id="peer-chart-title">{t("peerreviews:result.chartTitle")}</title>
        <desc id="peer-chart-desc">{t("peerreviews:result.chartSummary")}</desc>
        {Array.from({ length: scale + 1 }, (_, i) => (
          <g key={i}>
            <line
              x1={LABEL + x(i)}
              x2={LABEL + x(i)}
              y1={0}
              y2={height - 24}
              className="stroke-ink-muted"
              strokeWidth={0.3}
            />
            <text x={LABEL + x(i)} y={height - 8} textAnchor="middle" fontSize={11} className="fill-ink">
              {i}
            </text>
          </g>
        ))}
        {rows.map((row, r) => (
          <g key={row.id} transform={`translate(0, ${r * ROW + 6})`}>
            <text x={LABEL - 8} y={ROW / 2 - 4} textAnchor="end" fontSize={12} className="fill-ink">
              {row.name.length > 30 ? `${row.name.slice(0, 29)}…` : row.name}
            </text>
            {sides.map((side, s) => {
              const value = row[side.key];
              const y = s * (BAR + GAP);
              return (
                <g key={side.key}>
                  {value === null ? null : (
                    <rect x={LABEL} y={y} width={Math.max(1, x(value))} height={BAR} className={side.className} />
                  )}
                  <text
                    x={LABEL + (value === null ? 0 : x(value)) + 4}
                    y={y + BAR - 2}
                    fontSize={10}
                    className="fill-ink"
                  >
                    {t(`peerreviews:result.${side.key}`)}: {value === null ? "–" : number.format(value)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
      </svg>
    </figure>
  );
}
