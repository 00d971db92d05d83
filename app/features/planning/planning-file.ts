import type { Cell } from "~/features/reviews/xlsx.server";
import { formatDate } from "~/utils/format";
import { competenceShortageText, type PlanningRow } from "./planning";

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The planning table as rows of a file: a header in the reader's language, numbers as numbers; the competence
 * shortage of the row's position where the competences module is on (as the page says it).
 */
export function planningFileRows(t: T, rows: readonly PlanningRow[], competences: boolean): Cell[][] {
  const header = [
    "team",
    "position",
    "neededEmployees",
    "neededFte",
    "availableEmployees",
    "availableFte",
    "gapEmployees",
    "gapFte",
    "leaving",
    "leavers",
    ...(competences ? ["competence"] : []),
    "reason",
  ].map((c) => t(`planning:export.columns.${c}`));
  return [
    header,
    ...rows.map((r) => [
      r.teamName,
      r.positionName ?? t("planning:table.noPosition"),
      r.needed?.employees ?? null,
      r.needed?.fte ?? null,
      r.available.employees,
      r.available.fte,
      r.gap?.employees ?? null,
      r.gap?.fte ?? null,
      r.leavingCount,
      r.leavers?.map((l) => `${l.name} (${formatDate(l.endDate)})`).join(", ") ?? "",
      ...(competences ? [competenceShortageText(t, r.competence)] : []),
      r.needed?.reason ?? "",
    ]),
  ];
}
