import { useTranslation } from "react-i18next";

/**
 * What an analytics page says under its filter form (HR and criteria analytics; docs/decisions/1602, 1790): which
 * filter values were not valid and were left out, that a tag is today's (tag history is not kept), and that a
 * chosen round replaces the period.
 */
export function FilterNotice({ invalid, tag, round = false }: { invalid: string[]; tag: boolean; round?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {invalid.length > 0 ? (
        <p className="mt-4 max-w-3xl rounded bg-warning-bg p-3" role="status" data-testid="filter-invalid">
          {t("analytics:filter.invalid", { fields: invalid.map((f) => t(`analytics:filter.${f}`)).join(", ") })}
        </p>
      ) : null}
      {tag || round ? (
        <div className="mt-2 max-w-3xl text-sm text-ink-muted" data-testid="filter-notes">
          {round ? <p>{t("analytics:filter.roundNote")}</p> : null}
          {tag ? <p>{t("analytics:filter.tagsToday")}</p> : null}
        </div>
      ) : null}
    </>
  );
}
