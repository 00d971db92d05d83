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
        // One string, not a React element per bar: at 50 teams × 5 criteria React's element walk was most of the
        // page's rendering time (docs/decisions/1940). The markup is what the elements rendered (bar-chart.test).
        dangerouslySetInnerHTML={{ __html: barsSvg(rows, series, { top, rowHeight, grouped, hiddenText, format }) }}
      />
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

/** Text and attribute values escaped as React escapes them (`&`, `<`, `>`, `"`, `'`). */
const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escape = (text: string) => text.replace(/["&'<>]/g, (c) => escapes[c]);

/** An SVG element; attributes in the order given, `children` already markup. */
function el(name: string, attributes: Record<string, string | number>, children = ""): string {
  let markup = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) markup += ` ${key}="${escape(String(value))}"`;
  return `${markup}>${children}</${name}>`;
}

const label = (text: string, y: number) =>
  el("text", { x: LABEL_WIDTH - 8, y, "text-anchor": "end", "font-size": 12, fill: "#1f2933" }, escape(text));
const bar = (attributes: Record<string, string | number>, title: string) =>
  el("rect", attributes, el("title", {}, escape(title)));

/** The chart's bars: per row its label, then stacked bars and the total, or a thin bar per series (grouped). */
function barsSvg(
  rows: readonly ChartRow[],
  series: readonly ChartSeries[],
  o: { top: number; rowHeight: number; grouped: boolean; hiddenText: string; format: (value: number) => string },
): string {
  let svg = "";
  for (const [i, row] of rows.entries()) {
    const y = i * o.rowHeight + 4;
    svg += o.grouped ? groupedRow(row, y, series, o) : stackedRow(row, y, series, o);
  }
  return svg;
}

function stackedRow(
  row: ChartRow,
  y: number,
  series: readonly ChartSeries[],
  o: { top: number; hiddenText: string; format: (value: number) => string },
): string {
  let inner = label(shortLabel(row.label), y + BAR_HEIGHT - 5);
  if (isHidden(row)) {
    inner += el("rect", {
      x: LABEL_WIDTH,
      y,
      width: BAR_WIDTH,
      height: BAR_HEIGHT,
      fill: "none",
      stroke: "#737373",
      "stroke-dasharray": "4 3",
    });
    inner += el(
      "text",
      { x: LABEL_WIDTH + 8, y: y + BAR_HEIGHT - 5, "font-size": 12, fill: "#52606d" },
      escape(o.hiddenText),
    );
    return el("g", {}, inner);
  }
  let x = LABEL_WIDTH;
  for (const [j, s] of series.entries()) {
    const value = row.values[j] ?? 0;
    const width = (value / o.top) * BAR_WIDTH;
    inner += bar({ x, y, width, height: BAR_HEIGHT, fill: s.color }, `${row.label}, ${s.label}: ${o.format(value)}`);
    x += width;
  }
  inner += el(
    "text",
    { x: x + 6, y: y + BAR_HEIGHT - 5, "font-size": 12, fill: "#1f2933" },
    escape(o.format(rowTotal(row))),
  );
  return el("g", {}, inner);
}

/** One row of a grouped chart: a thin bar per series, a hidden value as a dashed outline. */
function groupedRow(
  row: ChartRow,
  y: number,
  series: readonly ChartSeries[],
  o: { top: number; hiddenText: string; format: (value: number) => string },
): string {
  let inner = label(shortLabel(row.label), y + 12);
  for (const [j, s] of series.entries()) {
    const value = row.values[j];
    const barY = y + j * GROUPED_BAR;
    if (value === null) {
      inner += el(
        "g",
        {},
        el("rect", {
          x: LABEL_WIDTH,
          y: barY,
          width: BAR_WIDTH / 3,
          height: GROUPED_BAR - 1,
          fill: "none",
          stroke: "#737373",
          "stroke-dasharray": "3 2",
        }) +
          el(
            "text",
            { x: LABEL_WIDTH + BAR_WIDTH / 3 + 4, y: barY + GROUPED_BAR - 1, "font-size": 8, fill: "#52606d" },
            escape(o.hiddenText),
          ),
      );
      continue;
    }
    const width = (Math.max(value, 0) / o.top) * BAR_WIDTH;
    const shown = o.format(value);
    inner += el(
      "g",
      {},
      bar(
        { x: LABEL_WIDTH, y: barY, width, height: GROUPED_BAR - 1, fill: s.color },
        `${row.label}, ${s.label}: ${shown}`,
      ) +
        el(
          "text",
          { x: LABEL_WIDTH + width + 4, y: barY + GROUPED_BAR - 1, "font-size": 8, fill: "#1f2933" },
          escape(shown),
        ),
    );
  }
  return el("g", {}, inner);
}
