import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, ErrorSummary, Field, type ListOfErrors } from "~/components/ui/forms";
import { teamReviewStepOneSchema } from "../team-review-create.schema";
import { peopleOptions, type StepOne, type StepTwo } from "../team-review-wizard";
import { CheckboxList } from "./checkbox-list";
import { CreateStepButtons, CriteriaSetField, DeadlineField, NextStepButton } from "./wizard-step-one";

type Option = { id: string; name: string };
export type WizardOptions = { teams: Option[]; tags: Option[]; sets: Option[]; mayManageSets: boolean };

/** A choice the form cannot offer (no sets, no members): the field's label, why, and its errors. */
function EmptyChoice({
  id,
  label,
  message,
  errors,
  children,
}: {
  id: string;
  label: string;
  message: string;
  errors?: ListOfErrors;
  children?: ReactNode;
}) {
  return (
    <div id={id} className="mb-4">
      <p className="font-medium">{label}</p>
      <p>{message}</p>
      {children}
      <ErrorList errors={errors} label={label} />
    </div>
  );
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);

/** Step 1: name, deadline, teams, tags and criteria set. */
export function DetailsStep({ data: stepData, options }: { data: StepOne | null; options: WizardOptions }) {
  const { t } = useTranslation();
  const lastResult = stepData?.result ?? undefined;
  const [form, fields] = useForm({
    id: "teamreview-details",
    lastResult,
    defaultValue: stepData?.values ?? undefined,
    constraint: getZodConstraint(teamReviewStepOneSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamReviewStepOneSchema }),
  });
  const typed = (lastResult?.initialValue ?? stepData?.values ?? {}) as Record<string, unknown>;
  const labels = {
    name: t("teamreviews:create.name"),
    deadline: t("teamreviews:create.deadline"),
    teamIds: t("teamreviews:create.teams"),
    setId: t("teamreviews:create.set"),
  };
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["name", "deadline", "teamIds", "setId"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <h2 className="mb-4">{t("teamreviews:create.detailsHeading")}</h2>
        <Field
          label={labels.name}
          hint={t("teamreviews:create.nameHint")}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        />
        <DeadlineField
          label={labels.deadline}
          errors={fields.deadline.errors}
          inputProps={{ ...getInputProps(fields.deadline, { type: "text" }) }}
        />
        {options.teams.length === 0 ? (
          <p className="mb-4">{t("teamreviews:create.noTeams")}</p>
        ) : (
          <CheckboxList
            id={fields.teamIds.id}
            legend={labels.teamIds}
            name={fields.teamIds.name}
            options={options.teams.map((team) => ({ value: team.id, label: team.name }))}
            selected={asList(typed.teamIds)}
            errors={fields.teamIds.errors}
          />
        )}
        {options.tags.length > 0 ? (
          <CheckboxList
            id={fields.tagIds.id}
            legend={t("teamreviews:create.tags")}
            hint={t("teamreviews:create.tagsHint")}
            name={fields.tagIds.name}
            options={options.tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            selected={asList(typed.tagIds)}
            errors={fields.tagIds.errors}
          />
        ) : null}
        {options.sets.length === 0 ? (
          <EmptyChoice
            id={fields.setId.id}
            label={labels.setId}
            message={t("teamreviews:create.noSets")}
            errors={fields.setId.errors}
          >
            {options.mayManageSets ? <Link to="/criteria/sets">{t("teamreviews:create.manageSets")}</Link> : null}
          </EmptyChoice>
        ) : (
          <CriteriaSetField
            label={labels.setId}
            errors={fields.setId.errors}
            id={fields.setId.id}
            name={fields.setId.name}
            defaultValue={typeof typed.setId === "string" ? typed.setId : ""}
            sets={options.sets}
          />
        )}
        <NextStepButton />
      </Form>
    </>
  );
}

/** Step 2: the leaders and members found for step 1's teams and tags, all chosen until unticked. */
export function PeopleStep({ data: step }: { data: StepTwo }) {
  const { t } = useTranslation();
  const people = { leaderIds: peopleOptions(step.leaders), memberIds: peopleOptions(step.members) };
  const selected = { leaderIds: step.selectedLeaders, memberIds: step.selectedMembers };
  const labels = { leaderIds: t("teamreviews:create.leaders"), memberIds: t("teamreviews:create.members") };
  const names = ["leaderIds", "memberIds"] as const;
  return (
    <>
      <ErrorSummary
        formErrors={step.formError ? [step.formError] : []}
        fieldErrors={names.map((name) => ({ id: name, label: labels[name], errors: step.fieldErrors[name] }))}
      />
      <Form method="post" noValidate className="rounded bg-white p-6 shadow-sm">
        <h2 className="mb-2">{t("teamreviews:create.peopleHeading")}</h2>
        <p className="mb-4">{t("teamreviews:create.peopleHint", { name: step.values.name })}</p>
        {(["name", "deadline", "setId"] as const).map((name) => (
          <input key={name} type="hidden" name={name} value={step.values[name]} />
        ))}
        {(["teamIds", "tagIds"] as const).flatMap((name) =>
          step.values[name].map((id) => <input key={`${name}-${id}`} type="hidden" name={name} value={id} />),
        )}
        {names.map((name) =>
          name === "memberIds" && people[name].length === 0 ? (
            <EmptyChoice
              key={name}
              id={name}
              label={labels[name]}
              message={t("teamreviews:create.noMembersFound")}
              errors={step.fieldErrors[name]}
            />
          ) : (
            <CheckboxList
              key={name}
              id={name}
              legend={labels[name]}
              name={name}
              options={people[name]}
              selected={selected[name] ?? people[name].map((o) => o.value)}
              errors={step.fieldErrors[name]}
            />
          ),
        )}
        <CreateStepButtons submitLabel={t("teamreviews:create.submit")} />
      </Form>
    </>
  );
}
