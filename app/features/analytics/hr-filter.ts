import { TEAM_SELECT_LIMIT } from "~/features/employees/list-sizes";
import { isUuid } from "~/utils/not-found";
import { defaultPeriod, periods, type Period } from "./analytics";

/**
 * The filters of HR analytics (analytics/users/{tab}; docs/decisions/1602) as GET parameters: team, tag,
 * position, period, the two rounds of the movement tab and the flow's interval. A shareable link, read the
 * same by the page and its export. A value that is not one of the user's choices (a typo, an old link, an id
 * of another cluster or of a team outside their scope) falls back to the default and is named in `invalid`,
 * so the page can say so; never an error. Client-safe. Above TEAM_SELECT_LIMIT teams the form's team filter
 * is a name (`teamName`, docs/decisions/0254 and 1870), read into the same team.
 */
export const flowIntervals = ["month", "quarter"] as const;
export type FlowInterval = (typeof flowIntervals)[number];

export type HrFilter = {
  team: string | null;
  tag: string | null;
  position: string | null;
  period: Period;
  /** The movement tab's rounds: from the earlier to the later; null until chosen (the latest two). */
  from: string | null;
  to: string | null;
  /** The completion tab's round whose teams are shown; null for the newest. */
  round: string | null;
  interval: FlowInterval;
};

export type HrFilterField = keyof HrFilter;

type Choice = { id: string };
export type HrFilterChoices = {
  teams: readonly (Choice & { name: string })[];
  tags: readonly Choice[];
  positions: readonly Choice[];
  rounds: readonly Choice[];
};

export function parseHrFilter(
  params: URLSearchParams,
  choices: HrFilterChoices,
): { filter: HrFilter; invalid: HrFilterField[] } {
  const invalid: HrFilterField[] = [];
  const pick = <T extends string>(field: HrFilterField, allowed: (value: string) => T | undefined): T | null => {
    const value = params.get(field)?.trim();
    if (!value) return null;
    const found = allowed(value);
    if (found === undefined) invalid.push(field);
    return found ?? null;
  };
  const fromName = (id: string | undefined) => {
    if (id === undefined) invalid.push("team");
    return id ?? null;
  };
  const among = (list: readonly Choice[]) => (value: string) =>
    isUuid(value) ? list.find((c) => c.id === value.toLowerCase())?.id : undefined;
  // A team by id (a link, the select) or, when there is none, by the name typed in the form's name field.
  const byName = params.get("team")?.trim() ? undefined : params.get("teamName")?.trim();
  const filter: HrFilter = {
    team: byName ? fromName(teamNamed(choices.teams, byName)) : pick("team", among(choices.teams)),
    tag: pick("tag", among(choices.tags)),
    position: pick("position", among(choices.positions)),
    period: pick("period", (v) => periods.find((p) => p === v)) ?? defaultPeriod,
    from: pick("from", among(choices.rounds)),
    to: pick("to", among(choices.rounds)),
    round: pick("round", among(choices.rounds)),
    interval: pick("interval", (v) => flowIntervals.find((i) => i === v)) ?? "month",
  };
  return { filter, invalid };
}

/**
 * The team a typed name means: the one named so (case-insensitively), else the only one whose name holds it;
 * undefined when none or several do (the filter falls back and says so).
 */
function teamNamed(teams: readonly { id: string; name: string }[], typed: string): string | undefined {
  const text = typed.toLocaleLowerCase("nl");
  const exact = teams.filter((t) => t.name.trim().toLocaleLowerCase("nl") === text);
  const found = exact.length ? exact : teams.filter((t) => t.name.toLocaleLowerCase("nl").includes(text));
  return found.length === 1 ? found[0].id : undefined;
}

/**
 * The team filter as the page's form offers it: a select of the teams up to TEAM_SELECT_LIMIT, above that a
 * name field holding the chosen team's name — 800 teams are not sent as options (docs/decisions/1870).
 */
export function teamFilterField(teams: readonly { id: string; name: string }[], team: string | null) {
  return teams.length > TEAM_SELECT_LIMIT
    ? { teams: null, teamName: teams.find((t) => t.id === team)?.name ?? null }
    : { teams: teams.map((o) => ({ value: o.id, label: o.name })), teamName: null };
}

/** The filter as a query string (defaults left out): the export links and the tabs keep it. */
export function hrFilterQuery(filter: HrFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    const isDefault = (key === "period" && value === defaultPeriod) || (key === "interval" && value === "month");
    if (value && !isDefault) params.set(key, value);
  }
  return params.toString();
}
