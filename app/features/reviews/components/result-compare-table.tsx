import { TableScroll } from "~/components/ui/table";
import { useTranslation } from "react-i18next";

type CompareRow = { id: string; name: string; values: readonly (number | null)[] };
/** Rows under a heading spanning the table (a dimension); a group with a heading and no rows is left out. */
type CompareGroup = { key: string | number; heading?: string; rows: readonly CompareRow[] };

/** One decimal in the reader's language; "–" for no score. */
export function useScoreText() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (value: number | null) => (value === null ? "–" : number.format(value));
}

/**
 * A review result as a table: a criterion per row, a column per source (self, peers, leader; own, team), the
 * averages right-aligned, an optional footer row (the dimension's average). The self and peer result pages
 * (docs/decisions/1502).
 */
export function ResultCompareTable({
  caption,
  corner,
  columns,
  groups,
  footer,
}: {
  caption: string;
  corner: string;
  columns: readonly string[];
  groups: readonly CompareGroup[];
  footer?: { label: string; values: readonly (number | null)[] };
}) {
  const show = useScoreText();
  return (
    <TableScroll>
      <table className="mb-6 w-full border-collapse bg-white">
        <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
        <thead>
          <Line scope="col" className="border-b-2" head={corner} cells={columns} />
        </thead>
        {groups.map((group) =>
          group.heading && group.rows.length === 0 ? null : (
            <tbody key={group.key}>
              {group.heading ? (
                <tr className="border-b bg-brand-50">
                  <th scope="colgroup" colSpan={columns.length + 1} className="p-2 text-left">
                    {group.heading}
                  </th>
                </tr>
              ) : null}
              {group.rows.map((row) => (
                <Line
                  key={row.id}
                  scope="row"
                  className="border-b"
                  normal
                  head={row.name}
                  cells={row.values.map(show)}
                />
              ))}
            </tbody>
          ),
        )}
        {footer ? (
          <tfoot>
            <Line scope="row" className="font-semibold" head={footer.label} cells={footer.values.map(show)} />
          </tfoot>
        ) : null}
      </table>
    </TableScroll>
  );
}

/** A row: its heading cell, then the values right-aligned (heading cells in the table's head). */
function Line({
  scope,
  className,
  normal = false,
  head,
  cells,
}: {
  scope: "col" | "row";
  className: string;
  /** The heading in normal weight (a criterion's name). */
  normal?: boolean;
  head: string;
  cells: readonly string[];
}) {
  return (
    <tr className={className}>
      <th scope={scope} className={normal ? "p-2 text-left font-normal" : "p-2 text-left"}>
        {head}
      </th>
      {cells.map((cell, i) =>
        scope === "col" ? (
          <th key={i} scope="col" className="p-2 text-right">
            {cell}
          </th>
        ) : (
          <td key={i} className="p-2 text-right">
            {cell}
          </td>
        ),
      )}
    </tr>
  );
}
