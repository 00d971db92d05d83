import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { tagSplitSchema } from "~/features/tags/tags.schema";
import { getTag, listTagMembers, splitTag } from "~/features/tags/tags.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["tags", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const tag = await getTag(ctx, requireUuid(params.id));
  const t = await getServerT(request);
  return { title: pageTitle(t, "tags:split.title"), tag, people: await listTagMembers(ctx, tag.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const tagId = requireUuid(params.id);
  const submission = parseWithZod(await request.formData(), { schema: tagSplitSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await splitTag(ctx, tagId, submission.value);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect(`/personnel/tags/${result.id}`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "tags:split.done" }) },
  });
}

export default function SplitTagPage() {
  const { t } = useTranslation();
  const { tag, people } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "tag-split",
    lastResult,
    constraint: getZodConstraint(tagSplitSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tagSplitSchema }),
  });
  const nameLabel = t("tags:split.name");
  const peopleLabel = t("tags:split.people");
  const chosen = new Set((fields.membershipIds.initialValue as string[] | undefined) ?? []);
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to={`/personnel/tags/${tag.id}`}>{t("tags:backToTag", { name: tag.name })}</Link>
      </p>
      <h1 className="mb-4">{t("tags:split.heading", { name: tag.name })}</h1>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: fields.name.id, label: nameLabel, errors: fields.name.errors },
          { id: fields.membershipIds.id, label: peopleLabel, errors: fields.membershipIds.errors },
        ]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <Field
          label={nameLabel}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: "text" })}
        />
        <fieldset className="mb-4" id={fields.membershipIds.id}>
          <legend className="font-medium">{peopleLabel}</legend>
          {people.length === 0 ? <p>{t("tags:split.nobody")}</p> : null}
          {people.map((p) => (
            <label key={p.membershipId} className="mt-1 flex items-center gap-2">
              <input
                type="checkbox"
                name={fields.membershipIds.name}
                value={p.membershipId}
                defaultChecked={chosen.has(p.membershipId)}
              />
              {p.name}
            </label>
          ))}
          <ErrorList id={`${fields.membershipIds.id}-error`} errors={fields.membershipIds.errors} label={peopleLabel} />
        </fieldset>
        <Button>{t("tags:split.submit")}</Button>
      </Form>
    </div>
  );
}
