import type { ReactNode } from "react";
import { ListTable, Row } from "./table";

/**
 * A bar chart drawn on the server as SVG, with its data as a table under it (UI.md's pictures; docs/decisions/
 * 1601). The table is the truth: the picture is `aria-hidden`, so a screen reader reads the table once, and
 * both print. Horizontal bars, one per row, stacked when there are several series; no JavaScript, no library.
 *
 * A value that is null is hidden (a small group, docs/decisions/1600): its bar is an empty outline with the
 * `hiddenText`, its cells say so in the table. Sizes are SVG user units; the SVG scales to its box.
 * `grouped` draws the series of a row as thin bars under each other instead of stacked (averages, which do not
 * add up; docs/decisions/1730): then a row is hidden only in the series whose value is null, and no total.
 */
export type ChartSeries = { key: string; label: string; color: string };
export type ChartRow = {
  key: string;
  label: string;
  /** One value per series, in the series' order; null where the group is hidden. */
  values: readonly (number | null)[];
  /** The row's further figures, in the table only (one per `extraColumns`): a share, a deadline, a net. */
  extra?: readonly ReactNode[];
};

const LABEL_WIDTH = 200;
const BAR_WIDTH = 380;
const VALUE_WIDTH = 60;
const ROW_HEIGHT = 26;
const BAR_HEIGHT = 18;
const MAX_LABEL = 28;

const rowTotal = (row: ChartRow) => row.values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
const isHidden = (row: ChartRow) => row.values.some((v) => v === null);
const GROUPED_BAR = 8;
const shortLabel = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);

export function BarChart({
  id,
  title,
  groupLabel,
  series,
  rows,
  hiddenText,
  totalLabel,
  max,
  format = String,
  headingLevel = 2,
  extraColumns = [],
  grouped = false,
  children,
}: {
  id: string;
  title: string;
  /** The first column's heading: what a row is (team, role, month). */
  groupLabel: string;
  series: readonly ChartSeries[];
  rows: readonly ChartRow[];
  /** Shown in a hidden row's bar and cells ("verborgen"). */
  hiddenText: string;
  /** With several series, a total column under this heading. */
  totalLabel?: string;
  /** The axis' end; the largest row total when not given (100 for percentages). */
  max?: number;
  format?: (value: number) => string;
  headingLevel?: 2 | 3;
  /** Table columns after the drawn ones, filled from each row's `extra`. */
  extraColumns?: readonly string[];
  /** Series side by side (thin bars per row) rather than stacked: for values that do not add up. */
  grouped?: boolean;
  /** Between the picture and the table: a legend note, export links. */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const top = Math.max(
    max ?? 0,
    ...rows.map((row) => (grouped ? Math.max(0, ...row.values.map((v) => v ?? 0)) : rowTotal(row))),
    1,
  );
  const rowHeight = grouped ? Math.max(ROW_HEIGHT, series.length * GROUPED_BAR + 8) : ROW_HEIGHT;
  const height = Math.max(rows.length, 1) * rowHeight + 4;
  const several = series.length > 1;
  const stacked = several && !grouped;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 max-w-4xl break-inside-avoid" data-testid={`${id}-chart`}>
      <Heading id={`${id}-title`} className="mb-2">
        {title}
      </Heading>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox={`0 0 ${LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH} ${height}`}
        className="w-full max-w-3xl rounded bg-white shadow-sm [print-color-adjust:exact]"
      >
        {rows.map((row, i) => {
          const y = i * rowHeight + 4;
          let x = LABEL_WIDTH;
          if (grouped)
            return (
              <GroupedRow
                key={row.key}
                row={row}
                y={y}
                series={series}
                top={top}
                hiddenText={hiddenText}
                format={format}
              />
            );
          return (
            <g key={row.key}>
              <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT - 5} textAnchor="end" fontSize="12" fill="#1f2933">
                {shortLabel(row.label)}
              </text>
              {isHidden(row) ? (
                <>
                  <rect
                    x={LABEL_WIDTH}
                    y={y}
                    width={BAR_WIDTH}
                    height={BAR_HEIGHT}
                    fill="none"
                    stroke="#737373"
                    strokeDasharray="4 3"
                  />
                  <text x={LABEL_WIDTH + 8} y={y + BAR_HEIGHT - 5} fontSize="12" fill="#52606d">
                    {hiddenText}
                  </text>
                </>
              ) : (
                series.map((s, j) => {
                  const value = row.values[j] ?? 0;
                  const width = (value / top) * BAR_WIDTH;
                  const rect = (
                    <rect key={s.key} x={x} y={y} width={width} height={BAR_HEIGHT} fill={s.color}>
                      <title>{`${row.label}, ${s.label}: ${format(value)}`}</title>
                    </rect>
                  );
                  x += width;
                  return rect;
                })
              )}
              {isHidden(row) ? null : (
                <text x={x + 6} y={y + BAR_HEIGHT - 5} fontSize="12" fill="#1f2933">
                  {format(rowTotal(row))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {several ? (
        <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1">
              <span
                className="inline-block h-3 w-3 rounded-sm [print-color-adjust:exact]"
                style={{ backgroundColor: s.color }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      <ListTable
        caption={title}
        columns={[
          groupLabel,
          ...series.map((s) => s.label),
          stacked && totalLabel ? totalLabel : false,
          ...extraColumns,
        ]}
        sticky={false}
        className="mt-4 w-full bg-white text-left shadow-sm"
        data-testid={`${id}-table`}
      >
        {rows.map((row) => (
          <Row
            key={row.key}
            heading={row.label}
            cells={[
              ...row.values.map((v) => (v === null ? hiddenText : format(v))),
              stacked && totalLabel ? (isHidden(row) ? hiddenText : format(rowTotal(row))) : false,
              ...extraColumns.map((_, i) => row.extra?.[i] ?? ""),
            ]}
          />
        ))}
      </ListTable>
    </section>
  );
}

/** One row of a grouped chart: a thin bar per series, a hidden value as a dashed outline. */
function GroupedRow({
  row,
  y,
  series,
  top,
  hiddenText,
  format,
}: {
  row: ChartRow;
  y: number;
  series: readonly ChartSeries[];
  top: number;
  hiddenText: string;
  format: (value: number) => string;
}) {
  return (
    <g>
      <text x={LABEL_WIDTH - 8} y={y + 12} textAnchor="end" fontSize="12" fill="#1f2933">
        {shortLabel(row.label)}
      </text>
      {series.map((s, j) => {
        const value = row.values[j];
        const barY = y + j * GROUPED_BAR;
        if (value === null)
          return (
            <g key={s.key}>
              <rect
                x={LABEL_WIDTH}
                y={barY}
                width={BAR_WIDTH / 3}
                height={GROUPED_BAR - 1}
                fill="none"
                stroke="#737373"
                strokeDasharray="3 2"
              />
              <text x={LABEL_WIDTH + BAR_WIDTH / 3 + 4} y={barY + GROUPED_BAR - 1} fontSize="8" fill="#52606d">
                {hiddenText}
              </text>
            </g>
          );
        const width = (Math.max(value, 0) / top) * BAR_WIDTH;
        return (
          <g key={s.key}>
            <rect x={LABEL_WIDTH} y={barY} width={width} height={GROUPED_BAR - 1} fill={s.color}>
              <title>{`${row.label}, ${s.label}: ${format(value)}`}</title>
            </rect>
            <text x={LABEL_WIDTH + width + 4} y={barY + GROUPED_BAR - 1} fontSize="8" fill="#1f2933">
              {format(value)}
            </text>
          </g>
        );
      })}
    </g>
  );
}
