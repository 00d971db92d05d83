import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, type ChartRow, type ChartSeries } from "./bar-chart";

/**
 * The chart's markup, pinned (docs/decisions/1940): the SVG is written as one string rather than a React element
 * per bar, and must stay what the React elements rendered — hidden bars, escaped labels, long labels, stacked,
 * grouped and single series alike. The snapshot was taken from the React elements before the change.
 */
const series: ChartSeries[] = [
  { key: "a", label: 'Communicatie & "samen"', color: "#084242" },
  { key: "b", label: "<Vakkennis>", color: "#1d4e89" },
  { key: "c", label: "Team's", color: "#0f6e6e" },
];
const rows: ChartRow[] = [
  { key: "t1", label: "Team 001", values: [46.15384615384615, 12.5, 0] },
  { key: "t2", label: "A very long team name that is cut <off> & more", values: [null, 30, 20] },
  { key: "t3", label: "O'Brien & Zn", values: [10, null, null] },
  { key: "t4", label: "Negative", values: [-3, 100, 7.25] },
];
const format = (v: number) => `${Math.round(v)} %`;
const render = (props: Partial<Parameters<typeof BarChart>[0]>) =>
  renderToStaticMarkup(
    <BarChart id="c" title="T" groupLabel="Team" series={series} rows={rows} hiddenText="verborgen" {...props} />,
  );

describe("BarChart", () => {
  it("stacked, with a total, hidden rows and escaped labels", () => {
    expect(render({ totalLabel: "Totaal", format })).toMatchSnapshot();
  });
  it("grouped percentages with hidden values", () => {
    expect(render({ grouped: true, max: 100, format, headingLevel: 3 })).toMatchSnapshot();
  });
  it("one series, no rows, and extra columns", () => {
    expect(
      render({
        series: series.slice(0, 1),
        rows: rows.map((r) => ({ ...r, values: r.values.slice(0, 1), extra: ["x"] })),
        extraColumns: ["E"],
      }),
    ).toMatchSnapshot();
    expect(render({ rows: [] })).toMatchSnapshot();
  });
});
