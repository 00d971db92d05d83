import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { teamSchema } from "../teams.schema";

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
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <Button>{t("teams:save")}</Button>
      </Form>
      <ul className="mt-6 flex gap-6">
        {(["merge", "split", "delete"] as const).map((page) => (
          <li key={page}>
            <Link to={`/personnel/teams/${team.id}/${page}`}>{t(`teams:${page}.link`)}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
