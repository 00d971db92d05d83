import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
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
  const [form, fields] = useForm({
    id: "team-settings",
    lastResult,
    defaultValue: { name: team.name },
    constraint: getZodConstraint(teamSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamSchema }),
  });
  const label = t("teams:name");
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[{ id: fields.name.id, label, errors: fields.name.errors }]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <Field label={label} errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
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
