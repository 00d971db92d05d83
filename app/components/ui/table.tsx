import type { ReactNode } from "react";

/** A column heading; `hidden` keeps it for screen readers only (a column of buttons needs a name, not a label). */
export type Column = { label: ReactNode; hidden?: boolean } | null | false;

/**
 * A list as a table: white, with a header that stays on screen while the list scrolls (UI.md's lists).
 * Falsy columns are left out, so an optional column is `cond && { label }`. The rows are the children.
 */
export function ListTable({
  columns,
  caption,
  sticky = true,
  className = "w-full bg-white text-left shadow-sm",
  children,
}: {
  columns: Column[];
  /** Names the table for screen readers (visually the page's heading already does). */
  caption?: string;
  sticky?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={sticky ? "sticky top-0 bg-white" : undefined}>
        <tr className="border-b">
          {columns.map((column, i) =>
            column ? (
              <th key={i} scope="col" className="p-2">
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ) : null,
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
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
