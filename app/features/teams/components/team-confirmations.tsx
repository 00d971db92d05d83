import { useTranslation } from "react-i18next";
import { ConfirmForm } from "~/components/confirm-dialog";
import type { MergePageConfig } from "~/features/merge/merge-page";
import type { SplitPageConfig } from "~/features/merge/split-page";
import { teamMergeSchema, teamSplitSchema } from "../teams.schema";

/** The merge, split and delete confirmations of a team: on their pages and in the settings tab's dialogs. */
export const teamMergePage: MergePageConfig = {
  ns: "teams",
  formId: "team-merge",
  schema: teamMergeSchema,
  otherField: "otherTeamId",
  backLabel: "teams:backToTeam",
};

export const teamSplitPage: SplitPageConfig = {
  ns: "teams",
  formId: "team-split",
  schema: teamSplitSchema,
  backLabel: "teams:backToTeam",
};

export function TeamDeleteConfirm({ team }: { team: { id: string } }) {
  const { t } = useTranslation();
  return (
    <ConfirmForm
      submitLabel={t("teams:delete.submit")}
      cancelHref={`/personnel/teams/${team.id}/settings`}
      cancelLabel={t("teams:cancel")}
    >
      <p>{t("teams:delete.warning")}</p>
    </ConfirmForm>
  );
}
