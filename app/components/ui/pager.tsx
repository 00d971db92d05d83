import { AppLink } from "../app-link";
import { useTranslation } from "react-i18next";

/** Paging as links, so it works without JavaScript and can be bookmarked; keeps the other query parameters. */
export function Pager({
  page,
  total,
  pageSize,
  search,
}: {
  page: number;
  total: number;
  pageSize: number;
  search: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(p));
    return `?${params.toString()}`;
  };
  return (
    <nav aria-label={t("common:pager.label")} className="mt-4 flex items-center gap-4">
      {page > 1 ? <AppLink href={href(page - 1)}>{t("common:actions.previous")}</AppLink> : null}
      <span>{t("common:pager.status", { page, pages })}</span>
      {page < pages ? <AppLink href={href(page + 1)}>{t("common:actions.next")}</AppLink> : null}
    </nav>
  );
}

export function useFte() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language || "nl", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}
