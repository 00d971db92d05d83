import { useTranslation } from "react-i18next";

/**
 * "Give a task about this" from the places people work (an employee's page, a team, a review result, a
 * dialog): the new-task form with `about` filled in; the form's service checks the id like any other input.
 */
export function CreateTaskLink({
  aboutType,
  aboutId,
}: {
  aboutType: "person" | "team" | "review" | "dialog";
  aboutId: string;
}) {
  const { t } = useTranslation();
  const query = new URLSearchParams({ aboutType, aboutId }).toString();
  return (
    <a href={`/tasks/inbox/new?${query}`} className="font-medium underline" data-testid="create-task-about">
      {t(`tasks:createAbout.${aboutType}`)}
    </a>
  );
}
