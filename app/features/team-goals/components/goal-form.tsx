import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { FormEvent, Ref } from "react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { teamGoalKinds } from "#db/schema/enums";
import { teamGoalSchema } from "../team-goals.schema";
import type { GoalCardData, LinkableRound } from "./goal-card";

const fieldNames = [
  "kind",
  "text",
  "growthStrategy",
  "measuredBy",
  "periodStart",
  "periodEnd",
  "additionalText",
  "reviewIds",
] as const;

/**
 * The add and edit form of a goal or ambition. `formRef` and `nextRef` let the unsaved-changes dialog
 * save this form and then open what was asked for (the hidden `next`).
 */
export function GoalForm({
  goal,
  action,
  cancelHref,
  lastResult,
  onChange,
  formRef,
  nextRef,
  rounds = [],
}: {
  /** The goal being edited; absent for a new one. */
  goal?: GoalCardData;
  action: string;
  cancelHref: string;
  lastResult: SubmissionResult<string[]> | undefined;
  onChange?: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  nextRef?: Ref<HTMLInputElement>;
  /** The team's review rounds the goal can be linked to (its team review in each). */
  rounds?: LinkableRound[];
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: goal ? `goal-form-${goal.id}` : "goal-form-new",
    lastResult,
    defaultValue: goal
      ? {
          kind: goal.kind,
          text: goal.text,
          growthStrategy: goal.growthStrategy,
          measuredBy: goal.measuredBy,
          periodStart: goal.periodStart,
          periodEnd: goal.periodEnd,
          additionalText: goal.additionalText,
          reviewIds: goal.reviewIds,
        }
      : { kind: "goal", reviewIds: [] },
    constraint: getZodConstraint(teamGoalSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamGoalSchema }),
  });
  const labels = {
    kind: t("goals:fields.kind"),
    text: t("goals:fields.text"),
    growthStrategy: t("goals:fields.growthStrategy"),
    measuredBy: t("goals:fields.measuredBy"),
    periodStart: t("goals:fields.periodStart"),
    periodEnd: t("goals:fields.periodEnd"),
    additionalText: t("goals:fields.additionalText"),
    reviewIds: t("goals:fields.rounds"),
  };
  const headingId = `${form.id}-title`;
  const dateProps = { placeholder: t("goals:datePlaceholder"), autoComplete: "off" };
  return (
    <section aria-labelledby={headingId} className="rounded border-2 border-brand-600 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="mb-4 text-lg font-semibold">
        {goal ? t("goals:editTitle") : t("goals:addTitle")}
      </h3>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={fieldNames.map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" action={action} {...getFormProps(form)} ref={formRef} onChange={onChange}>
        <input type="hidden" name="intent" value={goal ? "edit" : "add"} />
        {goal ? <input type="hidden" name="goalId" value={goal.id} /> : null}
        <input type="hidden" name="next" defaultValue="" ref={nextRef} />
        <Field
          label={labels.kind}
          errors={fields.kind.errors}
          selectProps={getSelectProps(fields.kind)}
          options={teamGoalKinds.map((kind) => ({ value: kind, label: t(`goals:kind.${kind}`) }))}
        />
        <Field label={labels.text} errors={fields.text.errors} textareaProps={getTextareaProps(fields.text)} />
        <Field
          label={labels.growthStrategy}
          hint={t("goals:hints.growthStrategy")}
          errors={fields.growthStrategy.errors}
          textareaProps={getTextareaProps(fields.growthStrategy)}
        />
        <Field
          label={labels.measuredBy}
          hint={t("goals:hints.measuredBy")}
          errors={fields.measuredBy.errors}
          inputProps={getInputProps(fields.measuredBy, { type: "text" })}
        />
        <div className="flex flex-wrap gap-x-6">
          <Field
            label={labels.periodStart}
            hint={t("goals:hints.date")}
            errors={fields.periodStart.errors}
            inputProps={{ ...getInputProps(fields.periodStart, { type: "text" }), ...dateProps }}
          />
          <Field
            label={labels.periodEnd}
            hint={t("goals:hints.date")}
            errors={fields.periodEnd.errors}
            inputProps={{ ...getInputProps(fields.periodEnd, { type: "text" }), ...dateProps }}
          />
        </div>
        <Field
          label={labels.additionalText}
          errors={fields.additionalText.errors}
          textareaProps={getTextareaProps(fields.additionalText)}
        />
        {rounds.length > 0 ? (
          <fieldset className="mb-4" aria-describedby={`${fields.reviewIds.id}-hint`}>
            <legend className="font-medium">{labels.reviewIds}</legend>
            <p id={`${fields.reviewIds.id}-hint`} className="text-sm text-ink-muted">
              {t("goals:hints.rounds")}
            </p>
            <ul className="mt-2 space-y-1">
              {getCollectionProps(fields.reviewIds, {
                type: "checkbox",
                options: rounds.map((r) => r.id),
              }).map((props) => {
                const round = rounds.find((r) => r.id === props.value)!;
                return (
                  <li key={props.key}>
                    <label className="flex items-center gap-2">
                      <input {...props} key={props.key} />
                      {round.deadline ? t("goals:roundWithDeadline", round) : round.name}
                    </label>
                  </li>
                );
              })}
            </ul>
            <ErrorList id={fields.reviewIds.errorId} errors={fields.reviewIds.errors} label={labels.reviewIds} />
          </fieldset>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <Button>{goal ? t("goals:save") : t("goals:create")}</Button>
          <Link to={cancelHref}>{t("goals:cancel")}</Link>
        </div>
      </Form>
    </section>
  );
}
