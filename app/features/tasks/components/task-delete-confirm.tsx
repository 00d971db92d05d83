import { useTranslation } from "react-i18next";
import { ConfirmForm } from "~/components/confirm-dialog";

/** A task's delete confirmation: on its page and in the task page's dialog (1541). */
export function TaskDeleteConfirm({ tab, task }: { tab: string; task: { id: string; title: string } }) {
  const { t } = useTranslation();
  return (
    <ConfirmForm
      submitLabel={t("tasks:delete.submit")}
      cancelHref={`/tasks/${tab}/${task.id}`}
      cancelLabel={t("tasks:form.cancel")}
    >
      <p>{t("tasks:delete.question", { title: task.title })}</p>
    </ConfirmForm>
  );
}
