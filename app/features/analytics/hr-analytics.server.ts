import type { TFunction } from "i18next";
import type { Cell, Sheet } from "~/features/reviews/xlsx.server";
import type { TenantContext } from "~/utils/tenant.server";
import { teamScope } from "~/utils/team-scope.server";
import { ageBands, completionPercent, CONTRACT_HORIZON_DAYS, hrTabRights, type HrTab } from "./analytics";
import { completionAnalytics, completionRounds, type CompletionCount } from "./completion.server";
import { hrChoices, movementAnalytics, roundsAnalytics } from "./development-rounds.server";
import { developmentAnalytics } from "./development.server";
import { parseHrFilter } from "./hr-filter";
import { staffFlowAnalytics } from "./staff-flow.server";
import { workforceAnalytics, type WorkforceAnalytics } from "./workforce.server";

/** The GET parameters the workforce tab reads: its figures are today's, so team, tag and position only (1961). */
const workforceParams = ["team", "teamName", "tag", "position"];

/**
 * One HR analytics tab's data for the page and for its export (docs/decisions/1601, 1602, 1961): the same filter
 * parse, the same services, the same suppression — a download never holds more than the page.
 */
export async function hrTabData(ctx: TenantContext, tab: HrTab, url: URL, today: string) {
  const scope = teamScope(ctx, hrTabRights[tab]);
  // The completion tab's rounds include running ones; the other tabs' are the finished rounds; workforce has none.
  const [choices, completion] = await Promise.all([
    hrChoices(ctx, scope, tab !== "workforce"),
    tab === "completion" ? completionRounds(ctx, scope) : null,
  ]);
  const params =
    tab === "workforce"
      ? new URLSearchParams([...url.searchParams].filter(([key]) => workforceParams.includes(key)))
      : url.searchParams;
  const { filter, invalid } = parseHrFilter(params, completion ? { ...choices, rounds: completion } : choices);
  const base = {
    choices: completion ? { ...choices, rounds: completion } : choices,
    filter,
    invalid,
    workforce: null,
    development: null,
    rounds: null,
    movement: null,
    completion: null,
    flow: null,
  };
  switch (tab) {
    case "workforce":
      return { ...base, workforce: await workforceAnalytics(ctx, today, filter) };
    case "development":
      return { ...base, development: await developmentAnalytics(ctx, filter.team) };
    case "rounds":
      return { ...base, rounds: await roundsAnalytics(ctx, filter, today, choices) };
    case "movement":
      return { ...base, movement: await movementAnalytics(ctx, filter, choices) };
    case "completion":
      return { ...base, completion: await completionAnalytics(ctx, filter, today, choices, completion!) };
    case "flow":
      return { ...base, flow: await staffFlowAnalytics(ctx, filter, today) };
  }
}
export type HrTabData = Awaited<ReturnType<typeof hrTabData>>;

type RoleLabel = { key: string; label: string };

/** The tab's tables as sheets: a hidden value is the page's word for it, never the number. */
export function hrTabSheets(t: TFunction, data: HrTabData, roles: RoleLabel[]): Sheet[] {
  const hidden = t("analytics:smallGroups.hidden");
  const value = (n: number | null | undefined) => (n === null ? hidden : (n ?? 0));
  const roleHeads = roles.map((r) => r.label);
  const countsRow = (label: string, counts: Record<string, number> | null): Cell[] => [
    label,
    ...roles.map((r) => (counts ? (counts[r.key] ?? 0) : hidden)),
    counts ? Object.values(counts).reduce((a, b) => a + b, 0) : hidden,
  ];
  const total = t("results:summary.total");
  if (data.workforce) return workforceSheets(t, data.workforce);
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
  if (data.completion) {
    const c = data.completion;
    const countCells = (n: CompletionCount): Cell[] => [
      value(n.due),
      value(n.done),
      n.hidden ? hidden : (completionPercent(n) ?? ""),
    ];
    const heads = (first: string) => [
      first,
      t("analytics:completion.deadline"),
      t("analytics:completion.teamReviewsDue"),
      t("analytics:completion.teamReviewsDone"),
      t("analytics:completion.evaluationsDue"),
      t("analytics:completion.evaluationsDone"),
      t("analytics:completion.evaluationsPercent"),
      t("analytics:completion.selfDue"),
      t("analytics:completion.selfDone"),
      t("analytics:completion.selfPercent"),
    ];
    return [
      {
        name: t("analytics:completion.perRound"),
        rows: [
          heads(t("analytics:rounds.round")),
          ...c.rounds.map((r): Cell[] => [
            r.name,
            r.deadline ?? "",
            r.teamReviews.due,
            r.teamReviews.done,
            ...countCells(r.evaluations),
            ...countCells(r.selfReviews),
          ]),
        ],
      },
      ...(c.round && c.teams.length
        ? [
            {
              name: t("analytics:hr.team"),
              rows: [
                [c.round.name],
                heads(t("analytics:hr.team")),
                ...c.teams.map((team): Cell[] => [
                  team.name,
                  team.deadline ?? "",
                  team.reviewFinished === null ? "" : 1,
                  team.reviewFinished === null ? "" : team.reviewFinished ? 1 : 0,
                  ...countCells(team.evaluations),
                  ...countCells(team.selfReviews),
                ]),
              ],
            },
          ]
        : []),
    ];
  }
  if (data.flow) {
    const f = data.flow;
    const rows: Cell[][] = [
      [
        t(`analytics:flow.${f.interval}`),
        t("analytics:flow.started"),
        t("analytics:flow.left"),
        t("analytics:flow.net"),
        t("analytics:flow.headcount"),
      ],
      ...(f.rows ?? []).map((r): Cell[] => [r.start, r.started, r.left, r.net, r.headcount]),
    ];
    if (!f.rows) rows.push([t("analytics:flow.hidden")]);
    return [{ name: t("analytics:hr.tabs.flow"), rows }];
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

/**
 * The workforce tab's tables (1961): the key figures, the contract kinds, gender and age — counts of the filtered
 * people, no names (the ending contracts' names stay on the page, for who may read contracts); gender and age of
 * a hidden group are the page's word for hidden in every cell (1962).
 */
function workforceSheets(t: TFunction, w: WorkforceAnalytics): Sheet[] {
  const days = CONTRACT_HORIZON_DAYS;
  const people = t("analytics:workforce.people");
  const hidden = t("analytics:smallGroups.hidden");
  const parts = (name: string, first: string, rows: [string, number | string][]): Sheet => ({
    name,
    rows: [[first, people], ...rows],
  });
  return [
    {
      name: t("analytics:workforce.figuresTitle"),
      rows: [
        [t("analytics:workforce.figure"), t("analytics:workforce.value")],
        [t("analytics:workforce.active"), w.active],
        [t("analytics:workforce.withAccess"), w.withAccess],
        [t("analytics:workforce.inactive"), w.inactive],
        [t("analytics:workforce.fte"), w.fte],
        [t("analytics:workforce.endingTitle", { days }), w.endingCount],
      ],
    },
    parts(
      t("analytics:workforce.contractsSheet"),
      t("analytics:workforce.kind"),
      (["permanent", "temporary", "none"] as const).map((k) => [
        t(`analytics:workforce.contracts.${k}`),
        w.contracts[k],
      ]),
    ),
    parts(
      t("analytics:workforce.gendersTitle"),
      t("analytics:workforce.group"),
      (["f", "m", "unknown"] as const).map((k) => [t(`analytics:workforce.genders.${k}`), w.genders?.[k] ?? hidden]),
    ),
    parts(
      t("analytics:workforce.agesTitle"),
      t("analytics:workforce.group"),
      ageBands.map((k) => [t(`analytics:workforce.ages.${k}`), w.ages?.[k] ?? hidden]),
    ),
  ];
}
