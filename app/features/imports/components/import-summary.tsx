import { useTranslation } from "react-i18next";

/** The counts in the order shown; each is labelled by `import:counts.*` or `import:applied.*`. */
const countKeys = [
  "rows",
  "rowsWithErrors",
  "newPeople",
  "newTeams",
  "changes",
  "missing",
  "unchanged",
  "contracts",
] as const;
const appliedKeys = ["created", "updated", "deactivated", "contractsEnded", "teams", "contracts", "skipped"] as const;

export type SummaryCounts = Partial<Record<(typeof countKeys)[number], number>>;
export type AppliedCounts = Partial<Record<(typeof appliedKeys)[number], number>>;

/** What a file held and what applying it did, as a definition list (complete step and history). */
export function ImportSummary({ counts, applied }: { counts: SummaryCounts; applied?: AppliedCounts }) {
  const { t } = useTranslation();
  const items: [string, number | undefined][] = [
    ...countKeys.map((key) => [`import:counts.${key}`, counts[key]] as [string, number | undefined]),
    ...(applied
      ? appliedKeys.map((key) => [`import:applied.${key}`, applied[key]] as [string, number | undefined])
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
