import type { RoundResults } from "./round-results.server";
import { personName } from "~/utils/person-name";

/** The results table as a spreadsheet (docs/decisions/0531); the workbook itself is xlsx.server.ts. */

export type ExportLabels = {
  name: string;
  team: string;
  dimensions: [string, string, string];
  role: string;
  goal: string;
  roleLabel: (id: number | null) => string;
};

/** The results table as spreadsheet rows: one row a person, dimension scores, role, goal, then criteria. */
export function resultsSheetRows(results: RoundResults, labels: ExportLabels) {
  const header = [
    labels.name,
    labels.team,
    ...labels.dimensions,
    labels.role,
    labels.goal,
    ...results.criteria.map((c) => c.name),
  ];
  const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return [
    header,
    ...results.pageRows.map((r) => [
      personName(r.firstName, r.lastName),
      r.teamName,
      round1(r.performance),
      round1(r.potential),
      round1(r.employability),
      labels.roleLabel(r.developmentRole),
      r.developmentGoal,
      ...results.criteria.map((c) => results.scores[r.subjectId]?.[c.id] ?? null),
    ]),
  ];
}
