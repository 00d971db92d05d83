/**
 * One line of a merge's preview and result: a kind of row (an i18n key), how many move to the record that
 * remains, how many are dropped as duplicates of its own rows, and how many stay where they are as
 * history (docs/decisions/0760).
 */
export type MergeLine = { label: string; moved: number; dropped: number; kept: number };
