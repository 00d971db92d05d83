import { useTranslation } from "react-i18next";

/**
 * What a page capped by `teamsShown` says under its chart (docs/decisions/1910): how many of how many teams,
 * which ones (`order`, the page's own sentence), and that the team filter and the export reach the rest.
 */
export function TeamsShownNotice({ shown, all, order }: { shown: number; all: number; order: string }) {
  const { t } = useTranslation();
  if (all <= shown) return null;
  return (
    <p className="mt-2" data-testid="teams-shown-notice">
      {t("analytics:teamsShown.limited", { shown, all })} {order} {t("analytics:teamsShown.rest")}
    </p>
  );
}
