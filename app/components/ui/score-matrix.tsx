import { TableScroll } from "./table";
import type { HTMLAttributes, ReactNode } from "react";

/** A column of the matrix: a criterion, competence or area; `note` is a small second line under its name. */
export type MatrixColumn = { id: string; name: ReactNode; note?: ReactNode };

type Leading<R> =
  | {
      /** The heading of the row-header column ("Person", "Position"). */
      corner: ReactNode;
      /** The row's `<th scope="row">` content. */
      rowHeader: (row: R) => ReactNode;
      leadingHead?: never;
      leadingCells?: never;
    }
  | {
      corner?: never;
      rowHeader?: never;
      /** Heading cells of their own before the columns (a sortable results table). */
      leadingHead: ReactNode;
      /** The row's own cells before the scores. */
      leadingCells: (row: R) => ReactNode;
    };

/**
 * The one people × criteria (or positions × competences, members × areas) table: a row header per row, a
 * column per criterion with its name and a note, and a cell per pair (docs/decisions/1501). What a cell shows —
 * a coloured level, a gap, a form control — is the caller's; the markup around it is this.
 */
export function ScoreMatrix<R, C extends MatrixColumn>({
  caption,
  columns,
  rows,
  rowKey,
  cell,
  className = "w-full bg-white text-left shadow-sm",
  columnClassName = "p-2",
  rowHeaderClassName = "p-2",
  cellClassName = "p-2",
  rowClassName = "border-b",
  rowProps,
  sticky = false,
  tableProps,
  ...leading
}: Leading<R> & {
  /** Names the table for screen readers. */
  caption?: string;
  columns: readonly C[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  cell: (row: R, column: C, index: number) => ReactNode;
  className?: string;
  columnClassName?: string;
  rowHeaderClassName?: string;
  cellClassName?: string;
  rowClassName?: string;
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement>;
  sticky?: boolean;
  tableProps?: HTMLAttributes<HTMLTableElement> & { "data-testid"?: string };
}) {
  return (
    <TableScroll>
      <table className={className} {...tableProps}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={sticky ? "sticky top-0 bg-white" : undefined}>
          <tr className="border-b">
            {leading.leadingHead ?? (
              <th scope="col" className="p-2">
                {leading.corner}
              </th>
            )}
            {columns.map((column) => (
              <th key={column.id} scope="col" className={columnClassName}>
                {column.name}
                {column.note ? <span className="block font-normal text-ink-muted">{column.note}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName} {...rowProps?.(row)}>
              {leading.leadingCells ? (
                leading.leadingCells(row)
              ) : (
                <th scope="row" className={rowHeaderClassName}>
                  {leading.rowHeader?.(row)}
                </th>
              )}
              {columns.map((column, i) => (
                <td key={column.id} className={cellClassName}>
                  {cell(row, column, i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
