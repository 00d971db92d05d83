import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { teamSplitSchema } from "~/features/teams/teams.schema";
import { getTeam, listTeamPeople, splitTeam } from "~/features/teams/teams.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["teams", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const team = await getTeam(ctx, requireUuid(params.id));
  const t = await getServerT(request);
  return { title: pageTitle(t, "teams:split.title"), team, people: await listTeamPeople(ctx, team.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const teamId = requireUuid(params.id);
  const submission = parseWithZod(await request.formData(), { schema: teamSplitSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await splitTeam(ctx, teamId, submission.value);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect(`/personnel/teams/${result.id}/members`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "teams:split.done" }) },
  });
}

export default function SplitTeamPage() {
  const { t } = useTranslation();
  const { team, people } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "team-split",
    lastResult,
    constraint: getZodConstraint(teamSplitSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamSplitSchema }),
  });
  const nameLabel = t("teams:split.name");
  const peopleLabel = t("teams:split.people");
  const chosen = new Set((fields.membershipIds.initialValue as string[] | undefined) ?? []);
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to={`/personnel/teams/${team.id}/settings`}>{t("teams:backToTeam", { name: team.name })}</Link>
      </p>
      <h1 className="mb-4">{t("teams:split.heading", { name: team.name })}</h1>
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
          {people.length === 0 ? <p>{t("teams:split.nobody")}</p> : null}
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
        <Button>{t("teams:split.submit")}</Button>
      </Form>
    </div>
  );
}
