import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import { useConfirmFrame } from "~/components/confirm-dialog";

/**
 * The form of a merge or split page, which also opens as a confirmation dialog (`ConfirmLink`, 1541): the page's
 * loader data (in a dialog the `data` it was given) and conform's form, validated on submit. In a dialog the
 * route's action data is the other page's, so only the loader's `submission` can be this form's last result there.
 */
export function useConfirmPageForm<D>({
  formId,
  schema,
  data: given,
  submission,
  defaultValue,
}: {
  formId: string;
  schema: z.ZodObject;
  data?: D;
  /** The loader's refusal of the form (a merge's first step is a GET), from the page's data. */
  submission?: (data: D) => SubmissionResult | null;
  /** What the form starts with, from the page's data. */
  defaultValue?: (data: D) => Record<string, string>;
}) {
  const frame = useConfirmFrame();
  const pageData = useLoaderData() as D;
  const data = given ?? pageData;
  const actionResult = useActionData<SubmissionResult>();
  const [form, fields] = useForm({
    id: formId,
    lastResult: (frame.inDialog ? null : actionResult) ?? submission?.(data),
    defaultValue: defaultValue?.(data),
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { frame, data, form, fields };
}
