import type { TFunction } from "i18next";
import type { Cell } from "~/features/reviews/xlsx.server";
import type { TenantContext } from "~/utils/tenant.server";
import type { HrTab } from "./analytics";
import { hrChoices, movementAnalytics, roundsAnalytics } from "./development-rounds.server";
import { developmentAnalytics } from "./development.server";
import { parseHrFilter } from "./hr-filter";

/**
 * One HR analytics tab's data for the page and for its export (docs/decisions/1601, 1602): the same filter
 * parse, the same services, the same suppression — a download never holds more than the page.
 */
export async function hrReviewTab(ctx: TenantContext, tab: Exclude<HrTab, "workforce">, url: URL, today: string) {
  const choices = await hrChoices(ctx);
  const { filter, invalid } = parseHrFilter(url.searchParams, choices);
  const base = { choices, filter, invalid, development: null, rounds: null, movement: null };
  switch (tab) {
    case "development":
      return { ...base, development: await developmentAnalytics(ctx) };
    case "rounds":
      return { ...base, rounds: await roundsAnalytics(ctx, filter, today, choices) };
    case "movement":
      return { ...base, movement: await movementAnalytics(ctx, filter, choices) };
  }
}
export type HrReviewTab = Awaited<ReturnType<typeof hrReviewTab>>;

type RoleLabel = { key: string; label: string };

/** The tab's tables as sheets: a hidden value is the page's word for it, never the number. */
export function hrTabSheets(t: TFunction, data: HrReviewTab, roles: RoleLabel[]) {
  const hidden = t("analytics:smallGroups.hidden");
  const value = (n: number | null | undefined) => (n === null ? hidden : (n ?? 0));
  const roleHeads = roles.map((r) => r.label);
  const countsRow = (label: string, counts: Record<string, number> | null): Cell[] => [
    label,
    ...roles.map((r) => (counts ? (counts[r.key] ?? 0) : hidden)),
    counts ? Object.values(counts).reduce((a, b) => a + b, 0) : hidden,
  ];
  const total = t("results:summary.total");
  if (data.development) {
    const d = data.development;
    return [
      {
        name: t("analytics:hr.tabs.development"),
        rows: [
          [t("analytics:hr.team"), ...roleHeads, total],
          ...d.teams.map((team) => countsRow(team.name, team.roleCounts)),
          countsRow(total, d.total),
        ],
      },
    ];
  }
  if (data.rounds) {
    const r = data.rounds;
    return [
      {
        name: t("analytics:rounds.perRound"),
        rows: [
          [t("analytics:rounds.round"), ...roleHeads, total],
          ...r.rounds.map((round) => countsRow(round.name, round.group.counts)),
        ],
      },
      ...(r.latest && r.teams.length
        ? [
            {
              name: t("analytics:hr.team"),
              rows: [
                [t("analytics:hr.team"), ...roleHeads, total],
                ...r.teams.map((team) => countsRow(team.name, team.counts)),
              ],
            },
          ]
        : []),
    ];
  }
  const m = data.movement!;
  const label = (key: string) => roles.find((r) => r.key === key)?.label ?? key;
  const rows: Cell[][] = [[t("analytics:movement.fromTo"), ...m.roles.map(label), total]];
  if (m.table) {
    m.roles.forEach((from, i) =>
      rows.push([label(from), ...m.table!.cells[i].map(value), value(m.table!.rowTotals[i])]),
    );
    rows.push([total, ...m.table.columnTotals.map(value), value(m.population)]);
  } else if (m.populationHidden) {
    rows.push([t("analytics:movement.hidden")]);
  }
  return [{ name: t("analytics:movement.title"), rows }];
}
