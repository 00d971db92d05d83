import type { Cell } from "~/features/reviews/xlsx.server";
import { formatDate } from "~/utils/format";
import type { PlanningRow } from "./planning";

type T = (key: string, options?: Record<string, unknown>) => string;

/** The planning table as rows of a file: a header in the reader's language, numbers as numbers. */
export function planningFileRows(t: T, rows: readonly PlanningRow[]): Cell[][] {
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
      r.needed?.reason ?? "",
    ]),
  ];
}
