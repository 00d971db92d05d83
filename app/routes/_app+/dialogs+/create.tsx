import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, SelectInputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { createDialogSchema } from "~/features/dialogs/dialogs.schema";
import { createDialog, dialogPeople, dialogReviewGoals } from "~/features/dialogs/dialogs.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["dialogs", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** A new dialog for a team member or for myself, with an objective (spec §2 dialogs/create, dialogs.manage). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.manage");
  const t = await getServerT(request);
  const [people, goals] = await Promise.all([dialogPeople(ctx), dialogReviewGoals(ctx)]);
  const url = new URL(request.url);
  const person = url.searchParams.get("person");
  // ?goal= (a team review result's id) preselects that development goal and its person.
  const goal = goals.find((g) => g.id === url.searchParams.get("goal"));
  return {
    title: pageTitle(t, "dialogs:create.title"),
    people: people.map((p) => ({ ...p, self: p.id === ctx.membershipId })),
    person: goal?.membershipId ?? (people.some((p) => p.id === person) ? person : (ctx.membershipId ?? "")),
    goals,
    goal: goal?.id ?? "",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.manage");
  const submission = parseWithZod(await readForm(request), { schema: createDialogSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("add", "dialog", () => createDialog(ctx, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(`/dialogs/${result.id}`, { key: "dialogs:toast.created" });
}

export default function CreateDialogPage() {
  const { t } = useTranslation();
  const { people, person, goals, goal } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(createDialogSchema, {
    id: "dialog-create",
    lastResult,
    defaultValue: { membershipId: person, reviewSubjectId: goal },
  });
  const labels = {
    membershipId: t("dialogs:fields.person"),
    reviewSubjectId: t("dialogs:create.reviewGoal"),
    objective: t("dialogs:fields.objective"),
  };
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
            {goals.length > 0 ? (
              <SelectInputField
                meta={fields.reviewSubjectId}
                label={labels.reviewSubjectId}
                hint={t("dialogs:create.reviewGoalHint")}
                options={[
                  { value: "", label: t("dialogs:create.noReviewGoal") },
                  ...goals.map((g) => ({
                    value: g.id,
                    label: t("dialogs:create.reviewGoalOption", {
                      name: g.name,
                      review: g.reviewName,
                      team: g.teamName,
                      goal: g.goal.length > 80 ? `${g.goal.slice(0, 80)}…` : g.goal,
                    }),
                  })),
                ]}
              />
            ) : null}
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
