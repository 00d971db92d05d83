/**
 * One rule for an analytics page that lists teams (docs/decisions/1720, 1910): at a large organisation (800
 * teams) a chart and table of every team is a megabyte nobody reads. The page shows at most `TEAMS_SHOWN`
 * teams and says how many there are in all (`TeamsShownNotice`); the team filter opens any other team and the
 * export, which does not call this, keeps every team. Which teams: the first by the page's `rank` (lowest
 * first, as HR chases the lowest), a team without a rank (hidden, 1600) last, ties in the given order. It only
 * leaves teams out: a hidden team stays hidden and nothing shows that the full list would not.
 */

export const TEAMS_SHOWN = 50;

export type TeamsShown<T> = {
  /** The teams on the page: all of them in the given order, or the first `TEAMS_SHOWN` by rank. */
  teams: T[];
  /** How many teams there are in all (the page says so when it shows fewer). */
  teamsInAll: number;
};

export function teamsShown<T>(
  teams: readonly T[],
  rank: (team: T) => number | null,
  limit: number = TEAMS_SHOWN,
): TeamsShown<T> {
  if (teams.length <= limit) return { teams: [...teams], teamsInAll: teams.length };
  const ranked = teams.map((team, i) => ({ team, i, r: rank(team) }));
  ranked.sort((a, b) => {
    if (a.r === null || b.r === null) return a.r === b.r ? a.i - b.i : a.r === null ? 1 : -1;
    return a.r - b.r || a.i - b.i;
  });
  return { teams: ranked.slice(0, limit).map((x) => x.team), teamsInAll: teams.length };
}

/** The mean of a team's shown values (its criteria, its kinds), null when every one is hidden. */
export function meanOfShown(values: readonly (number | null)[]): number | null {
  const shown = values.filter((v): v is number => v !== null);
  return shown.length ? shown.reduce((sum, v) => sum + v, 0) / shown.length : null;
}
