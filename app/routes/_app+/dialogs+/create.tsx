import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, SelectInputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { createDialogSchema } from "~/features/dialogs/dialogs.schema";
import { createDialog, dialogPeople } from "~/features/dialogs/dialogs.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["dialogs", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** A new dialog for a team member or for myself, with an objective (spec §2 dialogs/create, dialogs.manage). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.manage");
  const t = await getServerT(request);
  const people = await dialogPeople(ctx);
  const person = new URL(request.url).searchParams.get("person");
  return {
    title: pageTitle(t, "dialogs:create.title"),
    people: people.map((p) => ({ ...p, self: p.id === ctx.membershipId })),
    person: people.some((p) => p.id === person) ? person : (ctx.membershipId ?? ""),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.manage");
  const submission = parseWithZod(await request.formData(), { schema: createDialogSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createDialog(ctx, submission.value);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect(`/dialogs/${result.id}`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "dialogs:toast.created" }) },
  });
}

export default function CreateDialogPage() {
  const { t } = useTranslation();
  const { people, person } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(createDialogSchema, {
    id: "dialog-create",
    lastResult,
    defaultValue: { membershipId: person },
  });
  const labels = { membershipId: t("dialogs:fields.person"), objective: t("dialogs:fields.objective") };
  return (
    <div className="max-w-2xl">
      <h1 className="mb-2">{t("dialogs:create.title")}</h1>
      <p className="mb-4">{t("dialogs:create.intro")}</p>
      {people.length === 0 ? (
        <p>{t("dialogs:create.nobody")}</p>
      ) : (
        <div className="rounded bg-white p-6 shadow-sm">
          <FormErrorSummary form={form} fields={fields} labels={labels} />
          <Form method="post" {...getFormProps(form)} noValidate>
            <SelectInputField
              meta={fields.membershipId}
              label={labels.membershipId}
              options={people.map((p) => ({
                value: p.id,
                label: p.self ? t("dialogs:create.myself", { name: p.name }) : p.name,
              }))}
            />
            <TextareaInputField
              meta={fields.objective}
              label={labels.objective}
              hint={t("dialogs:create.objectiveHint")}
              rows={4}
            />
            <div className="flex flex-wrap items-center gap-4">
              <Button>{t("dialogs:create.submit")}</Button>
              <Link to="/dialogs">{t("dialogs:create.cancel")}</Link>
            </div>
          </Form>
        </div>
      )}
    </div>
  );
}
