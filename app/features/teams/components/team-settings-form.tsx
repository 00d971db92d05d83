import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/confirm-dialog";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { MergeLink } from "~/features/merge/merge-page";
import { SplitLink } from "~/features/merge/split-page";
import { teamSchema } from "../teams.schema";
import { TeamDeleteConfirm, teamMergePage, teamSplitPage } from "./team-confirmations";

/** The settings tab: the team's name, and the links to merge, split and delete it. */
export function TeamSettingsForm({
  team,
  lastResult,
}: {
  team: { id: string; name: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(teamSchema, {
    id: "team-settings",
    lastResult,
    defaultValue: { name: team.name },
  });
  const labels = { name: t("teams:name") };
  const base = `/personnel/teams/${team.id}`;
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <Button>{t("teams:save")}</Button>
      </Form>
      <ul className="mt-6 flex gap-6">
        <li>
          <MergeLink page={teamMergePage} href={`${base}/merge`} name={team.name} />
        </li>
        <li>
          <SplitLink page={teamSplitPage} href={`${base}/split`} name={team.name} />
        </li>
        <li>
          <ConfirmLink
            href={`${base}/delete`}
            label={t("teams:delete.link")}
            title={t("teams:delete.heading", { name: team.name })}
          >
            <TeamDeleteConfirm team={team} />
          </ConfirmLink>
        </li>
      </ul>
    </>
  );
}
