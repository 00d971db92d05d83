import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/ui/checkbox";
import { Button, FormErrorSummary, useZodForm } from "~/components/ui/forms";
import { CheckboxGroup } from "~/features/criteria/components/fields";
import { applyCompetenceSet, getCompetenceSet, setChoices } from "~/features/competences/competence-sets.server";
import { competenceSetApplySchema } from "~/features/competences/competences.schema";
import { positionTree } from "~/features/competences/matrix.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Applies a competence set to positions (decision 1412): the set's levels go into the matrix. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const set = await getCompetenceSet(ctx, requireUuid(params.setId));
  const [choices, tree, t] = await Promise.all([setChoices(ctx, set.id), positionTree(ctx), getServerT(request)]);
  const names = new Map(choices.map((c) => [c.id, c.name]));
  return {
    title: detailPageTitle(t, set.name, "competences:sets.apply"),
    set: { id: set.id, name: set.name, archived: set.archived },
    levels: set.items
      .map((i) => ({ name: names.get(i.competenceId) ?? "", level: i.level }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    positions: tree.map(({ id, name }) => ({ id, name })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const id = requireUuid(params.setId);
  const submission = parseWithZod(await readForm(request), { schema: competenceSetApplySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await applyCompetenceSet(ctx, id, submission.value);
  return redirectWithToast("/competences/matrix", { key: "competences:sets.applied", values: outcome });
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);

export default function ApplyCompetenceSetPage() {
  const { t } = useTranslation();
  const { set, levels, positions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(competenceSetApplySchema, { id: "apply-competence-set", lastResult });
  const typed = lastResult?.initialValue;
  const labels = { positionIds: t("competences:sets.positions") };
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/competences/sets">{t("competences:sets.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t("competences:sets.applyTitle", { name: set.name })}</h1>
      <h2 className="text-base font-semibold">{t("competences:sets.setLevels")}</h2>
      <ul className="mb-4 mt-2 list-disc pl-6">
        {levels.map((l) => (
          <li key={l.name}>
            {l.name}: {l.level} – {t(`competences:levels.${l.level}`)}
          </li>
        ))}
      </ul>
      {set.archived ? (
        <p>{t("competences:sets.archivedNote")}</p>
      ) : positions.length === 0 ? (
        <p>{t("competences:sets.noPositions")}</p>
      ) : (
        <>
          <p className="mb-4 text-ink-muted">{t("competences:sets.applyIntro")}</p>
          <FormErrorSummary form={form} fields={fields} labels={labels} />
          <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
            <div id={fields.positionIds.id} tabIndex={-1}>
              <CheckboxGroup
                legend={labels.positionIds}
                name="positionIds"
                options={positions.map((p) => ({ value: p.id, label: p.name }))}
                selected={asList(typed?.positionIds)}
                errors={fields.positionIds.errors}
              />
            </div>
            <CheckboxField
              label={t("competences:sets.overwrite")}
              inputProps={{ name: "overwrite", defaultChecked: typed?.overwrite === "on" }}
            />
            <Button>{t("competences:sets.applySubmit")}</Button>
          </Form>
        </>
      )}
    </div>
  );
}
