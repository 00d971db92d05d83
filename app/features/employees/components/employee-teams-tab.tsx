import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { teamPlaceSchema } from "../employees.schema";

/** The teams tab: the employee's places in teams (member or leader), each removable, and the form to add one. */
export function EmployeeTeamsTab({
  teamPlaces,
  teams,
  lastResult,
}: {
  teamPlaces: { id: string; teamName: string; place: string }[];
  teams: { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "add-team",
    lastResult,
    defaultValue: { place: "team_member" },
    constraint: getZodConstraint(teamPlaceSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamPlaceSchema }),
  });
  return (
    <>
      {teamPlaces.length === 0 ? (
        <p className="mb-4">{t("employees:teams.empty")}</p>
      ) : (
        <ul className="mb-6 divide-y rounded bg-white shadow-sm">
          {teamPlaces.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 px-4 py-2">
              <span>
                {p.teamName} · {t(`employees:teams.place.${p.place}`)}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="removeTeam" />
                <input type="hidden" name="assignmentId" value={p.id} />
                <Button variant="secondary">
                  {t("employees:teams.remove")}
                  <span className="sr-only"> {p.teamName}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mb-2">{t("employees:teams.add")}</h2>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: fields.teamId.id, label: t("employees:teams.team"), errors: fields.teamId.errors },
          { id: fields.place.id, label: t("employees:teams.placeLabel"), errors: fields.place.errors },
        ]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value="addTeam" />
        <Field
          label={t("employees:teams.team")}
          errors={fields.teamId.errors}
          selectProps={getSelectProps(fields.teamId)}
          options={[
            { value: "", label: t("employees:teams.chooseTeam") },
            ...teams.map((o) => ({ value: o.id, label: o.name })),
          ]}
        />
        <Field
          label={t("employees:teams.placeLabel")}
          errors={fields.place.errors}
          selectProps={getSelectProps(fields.place)}
          options={[
            { value: "team_member", label: t("employees:teams.place.team_member") },
            { value: "team_admin", label: t("employees:teams.place.team_admin") },
          ]}
        />
        <Button>{t("employees:teams.submit")}</Button>
      </Form>
    </>
  );
}
