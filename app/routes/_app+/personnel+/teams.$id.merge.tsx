import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, SelectField } from "~/components/ui/forms";
import { teamMergeSchema } from "~/features/teams/teams.schema";
import { getTeam, listTeamOptions, mergeTeams } from "~/features/teams/teams.server";
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
  const others = (await listTeamOptions(ctx)).filter((o) => o.id !== team.id);
  return { title: pageTitle(t, "teams:merge.title"), team, others };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const teamId = requireUuid(params.id);
  const submission = parseWithZod(await request.formData(), { schema: teamMergeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { otherTeamId, keep } = submission.value;
  const result = await mergeTeams(ctx, {
    teamId,
    otherTeamId,
    remainingTeamId: keep === "this" ? teamId : otherTeamId,
  });
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect(`/personnel/teams/${result.remainingTeamId}/members`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "teams:merge.done" }) },
  });
}

export default function MergeTeamPage() {
  const { t } = useTranslation();
  const { team, others } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "team-merge",
    lastResult,
    defaultValue: { keep: "this" },
    constraint: getZodConstraint(teamMergeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamMergeSchema }),
  });
  const otherLabel = t("teams:merge.other");
  const keepLabel = t("teams:merge.keep");
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to={`/personnel/teams/${team.id}/settings`}>{t("teams:backToTeam", { name: team.name })}</Link>
      </p>
      <h1 className="mb-4">{t("teams:merge.heading", { name: team.name })}</h1>
      <p className="mb-4">{t("teams:merge.intro")}</p>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: fields.otherTeamId.id, label: otherLabel, errors: fields.otherTeamId.errors },
          { id: fields.keep.id, label: keepLabel, errors: fields.keep.errors },
        ]}
      />
      {others.length === 0 ? (
        <p>{t("teams:merge.noOthers")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
          <SelectField
            label={otherLabel}
            errors={fields.otherTeamId.errors}
            selectProps={getSelectProps(fields.otherTeamId)}
            options={[
              { value: "", label: t("teams:merge.choose") },
              ...others.map((o) => ({ value: o.id, label: o.name })),
            ]}
          />
          <fieldset className="mb-4" id={fields.keep.id}>
            <legend className="font-medium">{keepLabel}</legend>
            {(["this", "other"] as const).map((value) => (
              <label key={value} className="mt-1 flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.keep.name}
                  value={value}
                  defaultChecked={fields.keep.initialValue === value}
                />
                {value === "this" ? t("teams:merge.keepThis", { name: team.name }) : t("teams:merge.keepOther")}
              </label>
            ))}
            <ErrorList id={`${fields.keep.id}-error`} errors={fields.keep.errors} label={keepLabel} />
          </fieldset>
          <Button>{t("teams:merge.submit")}</Button>
        </Form>
      )}
    </div>
  );
}
