import type { ReactNode } from "react";

/**
 * A column heading (a text, or a label with options); `hidden` keeps it for screen readers only (a column of
 * buttons needs a name, not a label); `className` replaces the heading cell's "p-2".
 */
export type Column = string | { label: ReactNode; hidden?: boolean; className?: string } | null | false;

/**
 * A list as a table: white, with a header that stays on screen while the list scrolls (UI.md's lists).
 * Falsy columns are left out, so an optional column is `cond && { label }`. The rows are the children.
 */
/**
 * On a phone a wide table scrolls inside its own box, never the page (issue #36); on wider screens it is not
 * boxed, so a sticky table head stays sticky to the page. Every table of the app sits in one. `relative`: the
 * visually hidden (absolutely placed) labels inside a wide table are clipped by the box too, not the page.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return <div className="relative max-md:overflow-x-auto">{children}</div>;
}

export function ListTable({
  columns,
  caption,
  captionClassName = "sr-only",
  sticky = true,
  className = "w-full bg-white text-left shadow-sm",
  children,
  ...table
}: {
  columns: Column[];
  /** Names the table for screen readers (visually the page's heading already does). */
  caption?: string;
  /** A caption that is the table's visible heading gets its own class. */
  captionClassName?: string;
  sticky?: boolean;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <TableScroll>
      <table className={className} {...table}>
        {caption ? <caption className={captionClassName}>{caption}</caption> : null}
        <thead className={sticky ? "sticky top-0 bg-white" : undefined}>
          <tr className="border-b">
            {columns.map((column, i) =>
              typeof column === "string" ? (
                <th key={i} scope="col" className="p-2">
                  {column}
                </th>
              ) : column ? (
                <th key={i} scope="col" className={column.className ?? "p-2"}>
                  {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              ) : null,
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/** The page's one h1 with its main action (a link such as "Add criterion") beside it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/**
 * One table row: a `<td className="p-2">` per cell. A cell that is `false` is left out (like a falsy column),
 * so an optional column is `cond && value`; null and "" give an empty cell.
 */
export function Row({
  heading,
  cells,
  actions,
  className = "border-b",
  ...tr
}: {
  /** The row's own heading (`<th scope="row">`, e.g. the person or criterion), before the cells. */
  heading?: ReactNode;
  cells: (ReactNode | false)[];
  /** The last cell, right-aligned: the row's buttons (archive, remove). */
  actions?: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <tr className={className} {...tr}>
      {heading !== undefined ? (
        <th scope="row" className="p-2 font-normal">
          {heading}
        </th>
      ) : null}
      {cells.map((cell, i) =>
        cell === false ? null : (
          <td key={i} className="p-2">
            {cell}
          </td>
        ),
      )}
      {actions !== undefined ? <td className="p-2 text-right">{actions}</td> : null}
    </tr>
  );
}

/** A row's checkbox for a bulk action (UI.md: checkboxes named `ids`); the label names the row for screen readers. */
export function RowCheckbox({ value, label, name = "ids" }: { value: string; label: string; name?: string }) {
  return <input type="checkbox" name={name} value={value} aria-label={label} />;
}

/** A white panel with an h2, named by it (`aria-labelledby`), e.g. the create form above a list. */
export function Section({
  id,
  title,
  className = "max-w-2xl rounded bg-white p-6 shadow-sm",
  headingClassName = "mb-2",
  children,
}: {
  /** The heading gets `${id}-title`. */
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
