import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/forms";
import { Section } from "~/components/ui/table";
import { ButtonForm, TextForm } from "~/features/dialogs/components/dialog-form";
import { AddItem, LearningGoal } from "~/features/dialogs/components/learning-goal";
import { ConfirmForm, ConfirmStep } from "~/components/confirm-dialog";
import { handleDialogAction } from "~/features/dialogs/dialog-actions.server";
import { isEditable, nextStates } from "~/features/dialogs/dialog-rules";
import { objectiveSchema } from "~/features/dialogs/dialogs.schema";
import { getDialogDetails } from "~/features/dialogs/dialogs.server";
import { CreateTaskLink } from "~/features/tasks/components/create-task-link";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { isUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { auditNow } from "~/features/audit/audit.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["dialogs", "tasks", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** A development dialog (spec §2 dialogs/{id}, dialogs.edit): objective, learning goals, initiatives, actions. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.edit");
  const dialog = await getDialogDetails(ctx, params.id ?? "");
  await auditNow(ctx, context.clientIp, {
    action: "read.dialog",
    subjectType: "membership",
    subjectId: dialog.membershipId,
    data: { dialogId: dialog.id },
  });
  const query = new URL(request.url).searchParams;
  const adjust = query.get("adjust");
  // ?confirm=archive or ?confirm=<goal id>: archiving asks first (a step on the page without JavaScript).
  const confirm = query.get("confirm");
  const t = await getServerT(request);
  return {
    title: detailPageTitle(t, dialog.personName, "dialogs:title"),
    dialog,
    adjust: isUuid(adjust) ? adjust : null,
    confirm: confirm === "archive" || isUuid(confirm) ? confirm : null,
    // A task needs a sender with a membership in the cluster (the task form's own rule).
    mayGiveTask: ctx.membershipId !== null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "dialog", "dialogs.edit");
  const formData = await readForm(request);
  const outcome = await handleDialogAction(ctx, params.id ?? "", formData);
  if (!outcome) return data({ formId: "", reply: undefined }, { status: 400 });
  if ("redirect" in outcome) return redirectWithToast(outcome.redirect, { key: outcome.toast });
  return data(outcome, { status: outcome.status });
}

export default function DialogPage() {
  const { t } = useTranslation();
  const { dialog, adjust, confirm, mayGiveTask } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const editable = isEditable(dialog.state);
  const active = dialog.goals.filter((g) => !g.archived);
  const archived = dialog.goals.filter((g) => g.archived);
  const general = failed?.reply?.error?.[""] ?? [];
  return (
    // Remounted after every saved change, so that an "add" form is empty again.
    <div key={dialog.updatedAt} className="max-w-4xl">
      <p className="mb-2">
        <Link to="/dialogs">{t("dialogs:detail.back")}</Link>
      </p>
      <h1>{t("dialogs:detail.title", { name: dialog.personName })}</h1>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("dialogs:fields.leader")}</dt>
        <dd>{dialog.leaderName ?? t("dialogs:detail.noLeader")}</dd>
        <dt className="font-medium">{t("dialogs:fields.state")}</dt>
        <dd data-testid="dialog-state">{t(`dialogs:states.${dialog.state}`)}</dd>
        <dt className="font-medium">{t("dialogs:fields.startedOn")}</dt>
        <dd>{formatDate(dialog.createdAt)}</dd>
      </dl>
      <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        <Link to={`/dialogs/${dialog.id}/events`}>{t("dialogs:detail.events")}</Link>
        {mayGiveTask ? <CreateTaskLink aboutType="dialog" aboutId={dialog.id} /> : null}
      </p>
      {dialog.reviewGoal ? (
        <Section
          id="review-goal"
          title={t("dialogs:detail.reviewGoal")}
          className="mt-6 rounded bg-white p-6 shadow-sm"
        >
          <p className="whitespace-pre-line" data-testid="dialog-review-goal">
            {dialog.reviewGoal.goal}
          </p>
          <p className="mt-1 text-sm text-ink-muted">
            {t("dialogs:detail.reviewGoalFrom", {
              review: dialog.reviewGoal.reviewName,
              team: dialog.reviewGoal.teamName,
            })}
          </p>
          {dialog.reviewGoal.href ? (
            <p className="mt-2">
              <Link to={dialog.reviewGoal.href}>{t("dialogs:detail.reviewGoalOpen")}</Link>
            </p>
          ) : null}
        </Section>
      ) : null}
      {general.length ? (
        <div role="alert" className="mt-4 rounded border-2 border-danger bg-danger-bg p-4">
          <ErrorList errors={general} />
        </div>
      ) : null}

      <Section id="objective" title={t("dialogs:fields.objective")} className="mt-6 rounded bg-white p-6 shadow-sm">
        <p className="whitespace-pre-line" data-testid="dialog-objective">
          {dialog.objective}
        </p>
        {editable ? (
          <details className="mt-2" open={failed?.formId === "objective" || undefined}>
            <summary className="cursor-pointer font-medium text-brand-700">{t("dialogs:detail.editObjective")}</summary>
            <TextForm
              intent="objective"
              schema={objectiveSchema}
              name="objective"
              label={t("dialogs:fields.objective")}
              submitLabel={t("dialogs:detail.saveObjective")}
              defaultValue={dialog.objective}
              multiline
            />
          </details>
        ) : null}
      </Section>

      <section aria-labelledby="goals-title" className="mt-8">
        <h2 id="goals-title" className="mb-2">
          {t("dialogs:goal.heading")}
        </h2>
        {active.length === 0 ? <p>{t("dialogs:goal.none")}</p> : null}
        <div className="space-y-6">
          {active.map((goal) => (
            <LearningGoal
              key={goal.id}
              dialogId={dialog.id}
              goal={goal}
              editable={editable}
              adjust={adjust}
              confirming={confirm === goal.id}
            />
          ))}
        </div>
        {editable ? (
          <div className="mt-4 rounded bg-white p-4 shadow-sm">
            <AddItem kind="goal" />
          </div>
        ) : null}
      </section>

      {archived.length > 0 ? (
        <Section id="archived" title={t("dialogs:goal.archivedHeading")} className="mt-8">
          <div className="space-y-6">
            {archived.map((goal) => (
              <LearningGoal key={goal.id} dialogId={dialog.id} goal={goal} editable={editable} adjust={null} />
            ))}
          </div>
        </Section>
      ) : null}

      <Section id="state" title={t("dialogs:detail.stateHeading")} className="mt-8 rounded bg-white p-6 shadow-sm">
        <p className="mb-3">{t(`dialogs:detail.stateHint.${dialog.state}`)}</p>
        <div className="flex flex-wrap gap-4">
          {nextStates(dialog.state).map((change) =>
            change === "archive" ? (
              <ConfirmStep
                key={change}
                open={confirm === "archive"}
                id="archive-dialog"
                href={`/dialogs/${dialog.id}?confirm=archive`}
                label={t("dialogs:detail.archive")}
                title={t("dialogs:detail.archiveConfirm.title")}
              >
                <ConfirmForm
                  submitLabel={t("dialogs:detail.archiveConfirm.submit")}
                  cancelHref={`/dialogs/${dialog.id}`}
                  hidden={{ intent: "archive" }}
                >
                  <p>{t("dialogs:detail.archiveConfirm.body")}</p>
                </ConfirmForm>
              </ConfirmStep>
            ) : (
              <ButtonForm
                key={change}
                intent={change}
                label={t(`dialogs:detail.${change}`)}
                variant={change === "finish" ? "primary" : "secondary"}
              />
            ),
          )}
        </div>
      </Section>
    </div>
  );
}
