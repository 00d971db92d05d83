import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListTable, Row } from "~/components/ui/table";
import { Legend, StackedBar } from "~/features/reviews/components/results-ui";
import { formatNumber } from "~/utils/format";
import { percentText } from "../analytics";

export const analyticsHandle = { i18n: ["analytics", "results", "criteria"] };

/** Key figures as a description list: big number, label under it. */
export function Figures({ items }: { items: { key: string; label: string; value: ReactNode; hint?: string }[] }) {
  return (
    <dl className="grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.key} className="rounded bg-white p-4 shadow-sm" data-testid={`figure-${item.key}`}>
          <dt className="text-sm text-ink-muted">{item.label}</dt>
          <dd className="text-2xl font-semibold">{item.value}</dd>
          {item.hint ? <dd className="mt-1 text-xs text-ink-muted">{item.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

export type Part = { key: string; label: string; count: number; color: string };

/** "Vrouw 12, Man 9, Onbekend 1": a bar's data in words, for its label and the summary line. */
export function partsText(parts: readonly Part[]): string {
  return parts.map((p) => `${p.label} ${p.count}`).join(", ");
}

/**
 * A distribution as a stacked bar with a legend, and the same numbers as a table (UI.md: the picture needs no
 * JavaScript and its data is readable without it).
 */
export function Distribution({
  id,
  title,
  groupLabel,
  countLabel,
  parts,
  hiddenText,
}: {
  id: string;
  title: string;
  groupLabel: string;
  countLabel: string;
  /** Null: the group is hidden (docs/decisions/1600); `hiddenText` says so in place of the bar and table. */
  parts: Part[] | null;
  hiddenText?: string;
}) {
  if (!parts)
    return (
      <section aria-labelledby={`${id}-title`} className="mt-8 max-w-3xl">
        <h2 id={`${id}-title`} className="mb-2">
          {title}
        </h2>
        <p className="text-ink-muted" data-testid={`${id}-hidden`}>
          {hiddenText}
        </p>
      </section>
    );
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 max-w-3xl">
      <h2 id={`${id}-title`} className="mb-2">
        {title}
      </h2>
      <StackedBar parts={parts} description={`${title}: ${partsText(parts)}`} />
      <Legend items={parts} />
      <ListTable
        caption={title}
        columns={[groupLabel, countLabel]}
        sticky={false}
        className="mt-4 w-full bg-white text-left shadow-sm"
        data-testid={`${id}-table`}
      >
        {parts.map((p) => (
          <Row key={p.key} className="border-b last:border-0" heading={p.label} cells={[p.count]} />
        ))}
      </ListTable>
    </section>
  );
}

/** A share of the scale as a bar (0–100 %), with the number beside it; described in words. */
export function PercentBar({ label, value }: { label: string; value: number | null }) {
  const { i18n } = useTranslation();
  const text = percentText(value, i18n.language);
  return (
    <div className="flex items-center gap-2">
      <div role="img" aria-label={`${label}: ${text}`} className="h-4 w-40 overflow-hidden rounded border bg-white">
        {value === null ? null : (
          <div className="h-full bg-brand-700" style={{ width: `${Math.min(Math.max(value, 0), 100)}%` }} />
        )}
      </div>
      <span className="tabular-nums">{text}</span>
    </div>
  );
}

/** FTE with one decimal in the page's language (UI.md: 0,8 in Dutch). */
export function useFte() {
  const { i18n } = useTranslation();
  return (value: number) => formatNumber(value, i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
