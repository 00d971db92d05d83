import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, FormErrorSummary, InputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { getCompetenceSet, saveCompetenceSet, setChoices } from "~/features/competences/competence-sets.server";
import { competenceSetSchema } from "~/features/competences/competences.schema";
import { competenceLevels, competenceTypes } from "~/features/competences/levels";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const setIdOf = (value: string | undefined) => (value === "new" ? null : requireUuid(value));

/** A new competence set (/competences/sets/new) or an existing one: name, description, a level per competence. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const id = setIdOf(params.setId);
  const set = id ? await getCompetenceSet(ctx, id) : null;
  const t = await getServerT(request);
  return {
    title: pageTitle(t, set ? "competences:sets.editTitle" : "competences:sets.newTitle"),
    set,
    choices: await setChoices(ctx, id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const id = setIdOf(params.setId);
  const submission = parseWithZod(await readForm(request), { schema: competenceSetSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("save", "set", () => saveCompetenceSet(ctx, id, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/competences/sets", { key: "competences:sets.saved" });
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : []);

export default function CompetenceSetPage() {
  const { t } = useTranslation();
  const { set, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(competenceSetSchema, {
    id: "competence-set",
    lastResult,
    defaultValue: set ? { name: set.name, description: set.description } : undefined,
  });
  // What the user chose last time (kept after an error), else what the set holds.
  const typed = lastResult?.initialValue;
  const chosen = new Map<string, string>(
    typed
      ? asList(typed.levels)
          .filter(Boolean)
          .map((v) => [v.split(":")[0], v] as [string, string])
      : (set?.items ?? []).map((i) => [i.competenceId, `${i.competenceId}:${i.level}`]),
  );
  const labels = {
    name: t("competences:sets.name"),
    description: t("competences:sets.description"),
    levels: t("competences:sets.levelsLegend"),
  };
  const heading = set ? "competences:sets.editTitle" : "competences:sets.newTitle";
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/competences/sets">{t("competences:sets.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t(heading)}</h1>
      {set?.archived ? <p className="mb-4">{t("competences:sets.archivedNote")}</p> : null}
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <TextareaInputField meta={fields.description} label={labels.description} />
        <fieldset id={fields.levels.id} tabIndex={-1} aria-describedby={`${fields.levels.id}-hint`}>
          <legend className="font-medium">{labels.levels}</legend>
          <p id={`${fields.levels.id}-hint`} className="text-sm text-ink-muted">
            {t("competences:sets.levelsHint")}
          </p>
          <ErrorList errors={fields.levels.errors} label={labels.levels} />
          {competenceTypes.map((type) => {
            const ofType = choices.filter((c) => c.type === type);
            if (ofType.length === 0) return null;
            return (
              <div key={type} className="mt-4">
                <h2 className="text-base font-semibold">{t(`competences:type.${type}`)}</h2>
                <div className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[1fr_auto]">
                  {ofType.map((c) => (
                    <div key={c.id} className="contents">
                      <label htmlFor={`level-${c.id}`} className="self-center">
                        {c.name}
                      </label>
                      <select
                        id={`level-${c.id}`}
                        name="levels"
                        defaultValue={chosen.get(c.id) ?? ""}
                        className="rounded border border-gray-400 px-2 py-1"
                      >
                        <option value="">{t("competences:sets.notInSet")}</option>
                        {competenceLevels.map((level) => (
                          <option key={level} value={`${c.id}:${level}`}>
                            {level} – {t(`competences:levels.${level}`)}
                          </option>
                        ))}
                      </select>
                    </div>
                  ))}
                </div>
              </div>
            );
          })}
        </fieldset>
        <Button className="mt-6">{t("competences:sets.save")}</Button>
      </Form>
      {set && !set.archived ? (
        <p className="mt-4">
          <Link to={`/competences/sets/${set.id}/apply`}>{t("competences:sets.apply")}</Link>
        </p>
      ) : null}
    </div>
  );
}
