import { useTranslation } from "react-i18next";
import { flowZones, labelPoint, zonePolygons, type FlowSettings, type FlowZone, type ZoneShares } from "../flow-zones";
import { ListTable } from "~/components/ui/table";

/** Zone fills from the design tokens; each zone also carries its name as text (never colour alone). */
export const zoneFill: Record<FlowZone, string> = {
  stress: "fill-danger-bg",
  tension: "fill-warning-bg",
  flow: "fill-success-bg",
  routine: "fill-brand-50",
  boredom: "fill-gray-100",
};

export type ChartActivity = { name: string; challenge: number; skills: number; energy: number };

const size = 360;
const margin = { left: 52, right: 12, top: 12, bottom: 48 };
const plot = size - margin.left - margin.right;

/**
 * The challenge × skills chart (docs/decisions/0922): a server-rendered SVG that needs no JavaScript
 * and prints. Activities are numbered points (their number in the table beside it); a larger point
 * means more energy.
 */
export function FlowChart({
  settings,
  activities,
  shares,
  id,
}: {
  settings: FlowSettings;
  activities: readonly ChartActivity[];
  shares: ZoneShares | null;
  id: string;
}) {
  const { t } = useTranslation();
  const lo = 0.5;
  const span = settings.scaleMax;
  const x = (v: number) => margin.left + ((v - lo) / span) * plot;
  const y = (v: number) => margin.top + plot - ((v - lo) / span) * plot;
  const ticks = Array.from({ length: settings.scaleMax }, (_, i) => i + 1);
  // Activities on the same spot are set a little apart so each number stays readable.
  const seen = new Map<string, number>();
  const points = activities.map((a, i) => {
    const key = `${a.challenge}:${a.skills}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const angle = (k * 2 * Math.PI) / 6;
    const offset = k === 0 ? 0 : 0.3;
    return {
      n: i + 1,
      cx: x(a.skills + offset * Math.cos(angle)),
      cy: y(a.challenge + offset * Math.sin(angle)),
      r: 7 + (a.energy / settings.scaleMax) * 7,
    };
  });
  const summary = t("flow:details.chartSummary", {
    count: activities.length,
    zones: shares ? flowZones.map((z) => `${t(`flow:zones.${z}`)} ${shares[z]} %`).join(", ") : "–",
  });
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-md bg-white"
    >
      <title id={`${id}-title`}>{t("flow:details.chartTitle")}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {zonePolygons(settings).map(({ zone, points: corners }) => {
        const label = labelPoint(corners);
        return (
          <g key={zone}>
            <polygon
              points={corners.map((p) => `${x(p.x)},${y(p.y)}`).join(" ")}
              className={`${zoneFill[zone]} stroke-gray-400`}
              strokeWidth={1}
            />
            <text
              x={x(label.x)}
              y={y(label.y)}
              textAnchor="middle"
              dominantBaseline="middle"
              className="fill-ink-muted text-[13px] font-semibold uppercase"
            >
              {t(`flow:zones.${zone}`)}
            </text>
          </g>
        );
      })}
      {ticks.map((v) => (
        <g key={v} className="fill-ink-muted text-[11px]">
          <text x={x(v)} y={margin.top + plot + 16} textAnchor="middle">
            {v}
          </text>
          <text x={margin.left - 8} y={y(v)} textAnchor="end" dominantBaseline="middle">
            {v}
          </text>
        </g>
      ))}
      <text x={margin.left + plot / 2} y={size - 8} textAnchor="middle" className="fill-ink text-[13px] font-medium">
        {t("flow:details.axisSkills")} →
      </text>
      <text
        x={14}
        y={margin.top + plot / 2}
        textAnchor="middle"
        transform={`rotate(-90 14 ${margin.top + plot / 2})`}
        className="fill-ink text-[13px] font-medium"
      >
        {t("flow:details.axisChallenge")} →
      </text>
      {points.map((p) => (
        <g key={p.n}>
          <circle cx={p.cx} cy={p.cy} r={p.r} className="fill-brand-700 stroke-white" strokeWidth={2} />
          <text
            x={p.cx}
            y={p.cy}
            textAnchor="middle"
            dominantBaseline="central"
            className="fill-white text-[11px] font-bold"
          >
            {p.n}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** The time per zone as a table with bars; the numbers are the data, the bars only a picture of them. */
export function ZoneShareTable({ shares, caption }: { shares: ZoneShares; caption: string }) {
  const { t } = useTranslation();
  return (
    <ListTable
      caption={caption}
      sticky={false}
      className="w-full max-w-md bg-white text-left shadow-sm"
      columns={[
        t("flow:details.zone"),
        { label: t("flow:details.share"), className: "p-2 text-right" },
        { label: t("flow:details.share"), hidden: true, className: "w-1/2 p-2" },
      ]}
    >
      {flowZones.map((zone) => (
        <tr key={zone} className="border-b">
          <th scope="row" className="p-2 font-normal">
            {t(`flow:zones.${zone}`)}
          </th>
          <td className="p-2 text-right tabular-nums">{shares[zone]} %</td>
          <td className="p-2" aria-hidden="true">
            <svg width="100%" height="12" className="block">
              <rect width="100%" height="12" className="fill-gray-100" />
              <rect width={`${shares[zone]}%`} height="12" className="fill-brand-600" />
            </svg>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

/** One table row's share of time per zone, one cell a zone, or one cell saying why there are none. */
export function ZoneShareCells({ shares, empty }: { shares: ZoneShares | null; empty: string }) {
  if (!shares)
    return (
      <td colSpan={flowZones.length} className="p-2 text-ink-muted">
        {empty}
      </td>
    );
  return flowZones.map((z) => (
    <td key={z} className="p-2 tabular-nums">
      {shares[z]} %
    </td>
  ));
}
