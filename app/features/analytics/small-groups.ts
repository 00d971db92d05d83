/**
 * Small groups are never exposed (issue 34, docs/decisions/1600): the one rule every aggregate of review or
 * self-review scores and development roles goes through before it leaves the server — pages, exports and
 * API answers alike. Pure and client-safe; the cluster's threshold is read by `small-groups.server.ts`.
 *
 * - Threshold suppression: a group of 1 to min − 1 people is hidden. An empty group (0) exposes nobody and
 *   stays visible as 0.
 * - Sibling suppression: a parent whose children are partly hidden still reveals their sum (parent minus the
 *   visible children). When that remainder is 1 to min − 1 people, the smallest visible sibling is hidden as
 *   well, until the remainder is 0 or at least min (or nothing is left to hide).
 *
 * A hidden value is never sent: the server replaces it with null before the loader answers.
 */

/** The threshold when a cluster has not chosen one, and the floor no cluster may go below. */
export const DEFAULT_MIN_GROUP_SIZE = 5;
export const MIN_GROUP_SIZE_FLOOR = 3;
/** An upper bound for the setting, so a typo cannot hide every aggregate of a large organisation by accident. */
export const MIN_GROUP_SIZE_MAX = 50;

/** Why a group is not shown: too few people itself, or shown it would let someone work out a small group. */
export type HiddenReason = "small" | "sibling";

/** A threshold within its bounds: a stored value outside them (never written, but read defensively) is clamped. */
export function effectiveMinGroupSize(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return DEFAULT_MIN_GROUP_SIZE;
  return Math.min(Math.max(Math.trunc(value), MIN_GROUP_SIZE_FLOOR), MIN_GROUP_SIZE_MAX);
}

/** 1 to min − 1 people: too small to show. */
export function isTooSmall(size: number, min: number): boolean {
  return size > 0 && size < min;
}

/**
 * Which children of one parent are hidden, and why (null: shown). `parentSize` is the parent's people, which
 * may exceed the children's sum (people in no child: the remainder is a group too). Pass `parentSize: null`
 * when the parent itself is not shown: then only threshold suppression applies.
 */
export function suppressSiblings(
  parentSize: number | null,
  childSizes: readonly number[],
  min: number,
  /** Children already hidden for a reason of their own (a filtered view's complement): counted as hidden. */
  alreadyHidden: readonly (HiddenReason | null)[] = [],
): (HiddenReason | null)[] {
  const hidden: (HiddenReason | null)[] = childSizes.map(
    (size, i) => alreadyHidden[i] ?? (isTooSmall(size, min) ? "small" : null),
  );
  hideForRemainder(parentSize, childSizes, hidden, min);
  return hidden;
}

function smallestVisible(sizes: readonly number[], hidden: readonly (HiddenReason | null)[]): number {
  let best = -1;
  for (const [i, size] of sizes.entries()) {
    if (hidden[i] || size === 0) continue;
    if (best === -1 || size < sizes[best]) best = i;
  }
  return best;
}

/**
 * A table of counts whose rows and columns are both groups (a transition table: from-role × to-role). Each
 * cell is a group; each row total and column total is the parent of its cells. Cells are hidden by the
 * threshold, then by sibling suppression along rows and columns until nothing changes. Totals are groups of
 * the grand total in the same way.
 */
export function suppressTable(
  cells: readonly (readonly number[])[],
  min: number,
): {
  cells: (HiddenReason | null)[][];
  rowTotals: (HiddenReason | null)[];
  columnTotals: (HiddenReason | null)[];
} {
  const rows = cells.length;
  const columns = rows === 0 ? 0 : cells[0].length;
  const hidden = cells.map((row) => row.map((n) => (isTooSmall(n, min) ? ("small" as HiddenReason) : null)));
  const rowSums = cells.map((row) => row.reduce((a, b) => a + b, 0));
  const columnSums = Array.from({ length: columns }, (_, j) => cells.reduce((sum, row) => sum + row[j], 0));
  const total = rowSums.reduce((a, b) => a + b, 0);
  const rowTotals = suppressSiblings(total, rowSums, min);
  const columnTotals = suppressSiblings(total, columnSums, min);
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < rows; i++) {
      if (protectLine(rowTotals[i] ? null : rowSums[i], cells[i], hidden[i], min)) changed = true;
    }
    for (let j = 0; j < columns; j++) {
      const column = cells.map((row) => row[j]);
      const flags = hidden.map((row) => row[j]);
      if (protectLine(columnTotals[j] ? null : columnSums[j], column, flags, min)) {
        flags.forEach((flag, i) => (hidden[i][j] = flag));
        changed = true;
      }
    }
  }
  return { cells: hidden, rowTotals, columnTotals };
}

/**
 * One row or column of a table: with its total shown, the hidden cells' remainder must not be small; with its
 * total hidden, its cells must not all be shown (they would add up to the hidden total).
 */
function protectLine(
  totalShown: number | null,
  sizes: readonly number[],
  hidden: (HiddenReason | null)[],
  min: number,
): boolean {
  if (totalShown !== null) return hideForRemainder(totalShown, sizes, hidden, min);
  const anyHidden = sizes.some((size, i) => size > 0 && hidden[i]);
  const next = smallestVisible(sizes, hidden);
  if (anyHidden || next === -1) return false;
  hidden[next] = "sibling";
  return true;
}

/** Sibling suppression on flags already partly set (in place); true when it hid something more. */
function hideForRemainder(
  parentSize: number | null,
  sizes: readonly number[],
  hidden: (HiddenReason | null)[],
  min: number,
): boolean {
  if (parentSize === null || isTooSmall(parentSize, min)) return false;
  let changed = false;
  for (;;) {
    const visibleSum = sizes.reduce((sum, size, i) => (hidden[i] ? sum : sum + size), 0);
    if (!isTooSmall(parentSize - visibleSum, min)) return changed;
    const next = smallestVisible(sizes, hidden);
    if (next === -1) return changed;
    hidden[next] = "sibling";
    changed = true;
  }
}

/** A value as it may be shown: null where its group is hidden. */
export function shown<T>(value: T, reason: HiddenReason | null): T | null {
  return reason ? null : value;
}

/** Whether anything on a page was hidden, and for which reasons: drives the page's notice. */
export function hiddenSummary(reasons: Iterable<HiddenReason | null>): { small: boolean; sibling: boolean } {
  const summary = { small: false, sibling: false };
  for (const reason of reasons) if (reason) summary[reason] = true;
  return summary;
}

/** A group of people with counts per key (development role → people): the unit most analytics show. */
export type GroupCounts = { key: string; size: number; counts: Record<string, number> };
/** The same as it may leave the server: size and counts null where hidden. */
export type ShownGroup = {
  key: string;
  size: number | null;
  counts: Record<string, number> | null;
  hidden: HiddenReason | null;
};

/** Children of one parent (teams of a round), with threshold and sibling suppression applied. */
export function suppressGroups(parentSize: number | null, groups: readonly GroupCounts[], min: number): ShownGroup[] {
  const hidden = suppressSiblings(
    parentSize,
    groups.map((g) => g.size),
    min,
  );
  return groups.map((g, i) => showGroup(g, hidden[i]));
}

export function showGroup(group: GroupCounts, hidden: HiddenReason | null): ShownGroup {
  return hidden
    ? { key: group.key, size: null, counts: null, hidden }
    : { key: group.key, size: group.size, counts: group.counts, hidden: null };
}

/**
 * A filtered view's group (docs/decisions/1600): hidden when it is small, or when one of its complements — the
 * same view without one filter, minus this group — is small (the difference of two links would show it).
 */
export function filteredGroupHidden(
  size: number,
  unfilteredSizes: readonly number[],
  min: number,
): HiddenReason | null {
  if (isTooSmall(size, min)) return "small";
  return unfilteredSizes.some((parent) => isTooSmall(parent - size, min)) ? "sibling" : null;
}

/**
 * Counted rows of a filtered page (people per round × team × filter match × …): whether each matches the tag and
 * position filters, and, under a round filter (criteria analytics, docs/decisions/1790), whether the row is in the
 * round's view and in the same view without the round (a person's latest review of the period). Rows without the
 * round flags are in both.
 */
export type FilterRow = {
  team_id: string | null;
  in_tag: boolean;
  in_position: boolean;
  in_round?: boolean;
  in_period?: boolean;
  n: number;
};
/**
 * The key of a team row (`FilterRow.team_id`) for the people who are in several teams (docs/decisions/1990): each
 * such person counts in every team of theirs, so the view without a team filter minus its shown teams counts them
 * once too few or more — a group the difference reveals. Their row is a sibling like the people in no team (null):
 * when small it is hidden, so the teams' remainder holds them. Never a team id, so no team filter matches it.
 */
export const SEVERAL_TEAMS = "several";

/** The filters a view's group depends on (HR and criteria analytics share them). */
export type GroupFilter = { team: string | null; tag: string | null; position: string | null; round?: string | null };
type FilterField = "team" | "tag" | "position" | "round";

const sumOf = (rows: readonly { n: number }[]) => rows.reduce((total, r) => total + r.n, 0);

function matches(r: FilterRow, filter: GroupFilter, ignore: FilterField | null): boolean {
  return (
    (ignore === "team" || !filter.team || r.team_id === filter.team) &&
    (ignore === "tag" || r.in_tag) &&
    (ignore === "position" || r.in_position) &&
    (ignore === "round" ? (r.in_period ?? true) : (r.in_round ?? true))
  );
}

/**
 * The group a filtered view shows of some rows (one round's, one criterion's, one movement's people;
 * docs/decisions/1600): hidden when small, when the view without one of its filters differs from it by a small
 * group (for team, tag and position that view holds this one: the difference is the complement; for a round the
 * two views hold partly other reviews, so every row in one and not the other counts), or when the chosen team is
 * hidden among its siblings (the teams of the view without the team filter).
 */
export function filteredGroup<T extends FilterRow>(
  rows: readonly T[],
  filter: GroupFilter,
  min: number,
): { rows: T[]; hidden: HiddenReason | null } {
  return filteredTeamGroups(rows, filter, [filter.team], min)[0];
}

/**
 * `filteredGroup` for many teams at once (a table with a column per team): the same answer as calling it
 * with `{ ...filter, team }` for each team, but the teams' sibling suppression — the same for every team — is
 * worked out once, and each team reads only its own rows (800 teams × their rows was quadratic). A null team
 * is the view without a team filter.
 */
export function filteredTeamGroups<T extends FilterRow>(
  rows: readonly T[],
  filter: GroupFilter,
  teams: readonly (string | null)[],
  min: number,
): { rows: T[]; hidden: HiddenReason | null }[] {
  const byTeam = new Map<string, T[]>();
  for (const r of rows) {
    const key = r.team_id ?? "";
    const list = byTeam.get(key);
    if (list) list.push(r);
    else byTeam.set(key, [r]);
  }
  // The view without the team filter and its teams' sibling suppression: the same for every team, worked out once.
  let siblings: { size: number; hidden: Map<string, HiddenReason | null> } | null = null;
  const teamSiblings = () => {
    if (siblings) return siblings;
    const sizes = new Map<string, number>();
    let size = 0;
    for (const r of rows) {
      if (!matches(r, filter, "team")) continue;
      sizes.set(r.team_id ?? "", (sizes.get(r.team_id ?? "") ?? 0) + r.n);
      size += r.n;
    }
    const flags = suppressGroups(
      size,
      [...sizes].map(([key, n]) => ({ key, size: n, counts: {} })),
      min,
    );
    siblings = { size, hidden: new Map(flags.map((g) => [g.key, g.hidden])) };
    return siblings;
  };
  return teams.map((team) => {
    const view = { ...filter, team };
    // Only the team's own rows can match the view, or match it differently without the tag, position or round.
    const candidates = team ? (byTeam.get(team) ?? []) : rows;
    const shown = candidates.filter((r) => matches(r, view, null));
    const size = sumOf(shown);
    const differences = (["tag", "position", "round"] as const)
      .filter((f) => view[f])
      .map((f) => sumOf(candidates.filter((r) => matches(r, view, null) !== matches(r, view, f))));
    // Without the team filter the view holds this team's and the other teams' rows: their difference.
    if (team) differences.push(teamSiblings().size - size);
    let hidden: HiddenReason | null = isTooSmall(size, min)
      ? "small"
      : differences.some((n) => isTooSmall(n, min))
        ? "sibling"
        : null;
    if (!hidden && team) hidden = teamSiblings().hidden.get(team) ?? null;
    return { rows: shown, hidden };
  });
}

/**
 * Children of one shown parent under the page's filters (the teams of a round, the roles of a criterion): each
 * child is a filtered view of its own (small, or a filter's complement within the child small), then sibling
 * suppression among them with those already hidden counted as hidden. `parentSize` null: the parent is hidden.
 * Children that are teams take the filter without its team.
 */
export function filteredSiblings<T extends FilterRow>(
  parentSize: number | null,
  children: readonly (readonly T[])[],
  filter: GroupFilter,
  min: number,
): { rows: T[]; hidden: HiddenReason | null }[] {
  const groups = children.map((rows) => filteredGroup(rows, filter, min));
  const hidden = suppressSiblings(
    parentSize,
    groups.map((g) => sumOf(g.rows)),
    min,
    groups.map((g) => g.hidden),
  );
  return groups.map((g, i) => ({ rows: g.rows, hidden: hidden[i] }));
}
