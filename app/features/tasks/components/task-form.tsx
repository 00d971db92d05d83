import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, Field, FormErrorSummary, useZodForm } from "~/components/ui/forms";
import { taskFormSchema } from "../tasks.schema";

export type TaskFormValues = {
  title?: string;
  description?: string;
  dueDate?: string;
  receiverId?: string;
  aboutType?: string;
  aboutId?: string;
};

/** The form of a new or edited task or note: title, description, due date and (tasks) the receiver. */
export function TaskForm({
  type,
  lastResult,
  defaultValue,
  receivers,
  me,
  cancelHref,
}: {
  type: "task" | "note";
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: TaskFormValues;
  receivers: { id: string; name: string }[];
  me: string;
  cancelHref: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(taskFormSchema, { id: `${type}-form`, lastResult, defaultValue });
  const labels = {
    title: t("tasks:form.title"),
    description: t("tasks:form.description"),
    dueDate: t("tasks:form.dueDate"),
    ...(type === "task" ? { receiverId: t("tasks:form.receiver") } : {}),
    aboutId: t("tasks:detail.about"),
  };
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <Field
          label={labels.title}
          errors={fields.title.errors}
          inputProps={{ ...getInputProps(fields.title, { type: "text" }), maxLength: 200 }}
        />
        <Field
          label={labels.description}
          errors={fields.description.errors}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
        />
        <Field
          label={labels.dueDate}
          hint={t("tasks:form.dueDateHint")}
          errors={fields.dueDate.errors}
          inputProps={{
            ...getInputProps(fields.dueDate, { type: "text" }),
            placeholder: t("common:form.datePlaceholder"),
          }}
        />
        {type === "task" ? (
          <Field
            label={t("tasks:form.receiver")}
            hint={t("tasks:form.receiverHint")}
            errors={fields.receiverId.errors}
            selectProps={getSelectProps(fields.receiverId)}
            options={receivers.map((r) => ({
              value: r.id,
              label: r.id === me ? t("tasks:form.myself", { name: r.name }) : r.name,
            }))}
          />
        ) : null}
        {/* What the task is about comes from the page it was made on; kept as it is while editing. */}
        <input {...getInputProps(fields.aboutType, { type: "hidden" })} />
        <input {...getInputProps(fields.aboutId, { type: "hidden" })} />
        {fields.aboutId.errors?.length ? (
          <p id={`${fields.aboutId.id}-error`} className="mb-4 text-sm font-medium text-danger">
            {t(fields.aboutId.errors[0])}
          </p>
        ) : null}
        <div className="flex items-center gap-4">
          <Button>{type === "task" ? t("tasks:form.saveTask") : t("tasks:form.saveNote")}</Button>
          <Link to={cancelHref}>{t("tasks:form.cancel")}</Link>
        </div>
      </Form>
    </>
  );
}
