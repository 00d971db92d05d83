import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type * as z from "zod";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";

/**
 * The "add a tag" panel above a tag list (criteria tags, competence tags): one name, checked with the
 * page's schema in the browser and again by the action, whose reply (`lastResult`) shows errors beside it.
 */
export function AddTagSection({
  formId,
  schema,
  lastResult,
  texts,
}: {
  formId: string;
  schema: z.ZodObject<{ name: z.ZodType<string> }>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  texts: { title: string; name: string; submit: string };
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <section aria-labelledby={`${formId}-title`} className="mt-6 max-w-xl rounded bg-white p-6 shadow-sm">
      <h2 id={`${formId}-title`}>{texts.title}</h2>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[{ id: fields.name.id, label: texts.name, errors: fields.name.errors }]}
      />
      <Form method="post" {...getFormProps(form)} noValidate>
        <Field
          label={texts.name}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: "text" })}
        />
        <Button>{texts.submit}</Button>
      </Form>
    </section>
  );
}
