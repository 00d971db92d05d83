import { useTranslation } from "react-i18next";

/**
 * The page's short notice that groups are hidden and why (docs/decisions/1600): shown only when something on
 * the page was hidden; `sibling` adds the sentence on groups hidden to protect a smaller one.
 */
export function SmallGroupNotice({ min, hidden }: { min: number; hidden: { small: boolean; sibling: boolean } }) {
  const { t } = useTranslation();
  if (!hidden.small && !hidden.sibling) return null;
  return (
    <div
      className="mt-4 max-w-3xl rounded border-l-4 border-warning bg-warning-bg p-4"
      data-testid="small-group-notice"
    >
      <p className="font-semibold">{t("analytics:smallGroups.noticeTitle")}</p>
      <p>{t("analytics:smallGroups.noticeSmall", { min })}</p>
      {hidden.sibling ? <p>{t("analytics:smallGroups.noticeSibling")}</p> : null}
    </div>
  );
}

/** The two download links of an analytics table: the same filters as the page (`query`), .xlsx and CSV. */
export function ExportLinks({ href, query }: { href: string; query: string }) {
  const { t } = useTranslation();
  const base = query ? `${href}?${query}&` : `${href}?`;
  return (
    <p className="my-4 flex gap-4 print:hidden" data-testid="export-links">
      <a href={`${base}format=xlsx`} download>
        {t("analytics:export.xlsx")}
      </a>
      <a href={`${base}format=csv`} download>
        {t("analytics:export.csv")}
      </a>
    </p>
  );
}
