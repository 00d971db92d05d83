import { useTranslation } from "react-i18next";

export type SummaryCounts = Partial<
  Record<
    "rows" | "rowsWithErrors" | "newPeople" | "newTeams" | "changes" | "missing" | "unchanged" | "contracts",
    number
  >
>;
export type AppliedCounts = Partial<
  Record<"created" | "updated" | "deactivated" | "contractsEnded" | "teams" | "contracts" | "skipped", number>
>;

/** What a file held and what applying it did, as a definition list (complete step and history). */
export function ImportSummary({ counts, applied }: { counts: SummaryCounts; applied?: AppliedCounts }) {
  const { t } = useTranslation();
  const items: [string, number | undefined][] = [
    ["import:counts.rows", counts.rows],
    ["import:counts.rowsWithErrors", counts.rowsWithErrors],
    ["import:counts.newPeople", counts.newPeople],
    ["import:counts.newTeams", counts.newTeams],
    ["import:counts.changes", counts.changes],
    ["import:counts.missing", counts.missing],
    ["import:counts.unchanged", counts.unchanged],
    ["import:counts.contracts", counts.contracts],
    ...(applied
      ? ([
          ["import:applied.created", applied.created],
          ["import:applied.updated", applied.updated],
          ["import:applied.deactivated", applied.deactivated],
          ["import:applied.contractsEnded", applied.contractsEnded],
          ["import:applied.teams", applied.teams],
          ["import:applied.contracts", applied.contracts],
          ["import:applied.skipped", applied.skipped],
        ] as [string, number | undefined][])
      : []),
  ];
  return (
    <dl className="mb-6 grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded bg-white p-4 shadow-sm">
      {items.map(([key, value]) => (
        <div key={key} className="contents">
          <dt>{t(key)}</dt>
          <dd className="text-right font-medium">{value ?? 0}</dd>
        </div>
      ))}
    </dl>
  );
}
