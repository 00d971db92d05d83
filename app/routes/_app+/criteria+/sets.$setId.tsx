import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { CheckboxField } from "~/components/ui/checkbox";
import { CheckboxGroup } from "~/features/criteria/components/fields";
import { setSchema } from "~/features/criteria/criteria.schema";
import { listAllCriteria } from "~/features/criteria/criteria.server";
import { createSet, getSet, listTeamsForSets, updateSet } from "~/features/criteria/criteria-sets.server";
import { dimensionTexts, getReviewSettings } from "~/features/criteria/review-settings.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseSetId(value: string | undefined): string | null {
  if (value === "new") return null;
  if (!value || !/^[0-9a-f-]{36}$/i.test(value)) throw new Response("Not found", { status: 404 });
  return value;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "sets.manage");
  const id = parseSetId(params.setId);
  const t = await getServerT(request);
  const [set, criteria, teams, settings] = await Promise.all([
    id ? getSet(ctx, id) : null,
    listAllCriteria(ctx),
    listTeamsForSets(ctx),
    getReviewSettings(ctx),
  ]);
  return {
    title: pageTitle(t, id ? "criteria:sets.editTitle" : "criteria:sets.newTitle"),
    set,
    criteria: criteria.map(({ id, name, dimension }) => ({ id, name, dimension })),
    teams,
    dimensions: dimensionTexts(settings, await getLanguage(request), t as never),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "sets.manage");
  const id = parseSetId(params.setId);
  const submission = parseWithZod(await readForm(request), { schema: setSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = id
    ? await writeOrRefuse("update", "set", () => updateSet(ctx, id, submission.value))
    : await writeOrRefuse("add", "set", () => createSet(ctx, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/criteria/sets", { key: "criteria:sets.saved" });
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v : typeof v === "string" && v ? [v] : []);

export default function CriteriaSetPage() {
  const { t } = useTranslation();
  const { set, criteria, teams, dimensions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(setSchema, {
    id: "criteria-set",
    lastResult,
    defaultValue: set ? { name: set.name, description: set.description, flex: String(set.flex) } : { flex: "0" },
  });
  const typed = lastResult?.initialValue;
  const checked = (name: "visibleToTeamLeaders" | "basic" | "isActive", fallback: boolean) =>
    typed ? typed[name] === "on" : fallback;
  const selectedCriteria = typed ? asList(typed.criterionIds) : (set?.criterionIds ?? []);
  const selectedTeams = typed ? asList(typed.teamIds) : (set?.teamIds ?? []);
  const flex = Number(fields.flex.value ?? set?.flex ?? 0) || 0;
  const labels = {
    name: t("criteria:sets.name"),
    description: t("criteria:form.description"),
    flex: t("criteria:sets.flex"),
  };
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/criteria/sets">{t("criteria:sets.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t(set ? "criteria:sets.editTitle" : "criteria:sets.newTitle")}</h1>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <TextareaInputField meta={fields.description} label={labels.description} />
        <InputField
          meta={fields.flex}
          label={labels.flex}
          hint={t("criteria:sets.flexHint")}
          type="number"
          min={0}
          max={20}
        />
        <CheckboxField
          label={t("criteria:sets.visibleToTeamLeaders")}
          inputProps={{
            name: "visibleToTeamLeaders",
            defaultChecked: checked("visibleToTeamLeaders", set?.visibleToTeamLeaders ?? false),
          }}
        />
        <CheckboxField
          label={t("criteria:sets.basicLabel")}
          inputProps={{ name: "basic", defaultChecked: checked("basic", set?.basic ?? false) }}
        />
        <CheckboxField
          label={t("criteria:sets.isActive")}
          inputProps={{ name: "isActive", defaultChecked: checked("isActive", set?.isActive ?? true) }}
        />
        <h2 className="mt-6">{t("criteria:sets.criteria")}</h2>
        {dimensions.map((d) => (
          <CheckboxGroup
            key={d.dimension}
            legend={d.name}
            hint={t("criteria:sets.canStillAdd", { n: flex })}
            name="criterionIds"
            options={criteria.filter((c) => c.dimension === d.dimension).map((c) => ({ value: c.id, label: c.name }))}
            selected={selectedCriteria}
          />
        ))}
        <h2 className="mt-6">{t("criteria:sets.teams")}</h2>
        <CheckboxGroup
          legend={t("criteria:sets.assignTeams")}
          name="teamIds"
          options={teams.map((team) => ({ value: team.id, label: team.name }))}
          selected={selectedTeams}
        />
        <Button>{t("criteria:sets.submit")}</Button>
      </Form>
    </div>
  );
}
