import { useTranslation } from "react-i18next";
import { ConfirmForm } from "~/components/confirm-dialog";

/** Archiving a knowledge area (1320): on its page and in the areas list's dialog (1541). */
export function AreaArchiveConfirm({ area }: { area: { teams: number } }) {
  const { t } = useTranslation();
  return (
    <ConfirmForm
      submitLabel={t("knowledge-areas:areas.archiveConfirm")}
      cancelHref="/knowledge-areas/areas"
      cancelLabel={t("knowledge-areas:areas.cancel")}
    >
      <p className="mb-2">{t("knowledge-areas:areas.archiveExplain", { count: area.teams })}</p>
      <p>{t("knowledge-areas:areas.archiveKept")}</p>
    </ConfirmForm>
  );
}
