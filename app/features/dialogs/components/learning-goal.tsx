import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmForm, ConfirmStep } from "~/components/confirm-dialog";
import { formatDate } from "~/utils/format";
import { MAX_ACTIONS, suggestedProgress } from "../dialog-rules";
import { actionSchema, goalSchema, initiativeSchema } from "../dialogs.schema";
import { ButtonForm, ConfirmRemove, TextForm, useFailedFormId } from "./dialog-form";
import { InitiativeEditForm, LinkForm, ProgressPrompt } from "./initiative-forms";

type Action = { id: string; position: number; title: string; completed: boolean; completedAt: string | null };
type Initiative = {
  id: string;
  title: string;
  progress: number;
  openIssue: boolean;
  notes: string;
  links: { id: string; title: string; url: string }[];
  actions: Action[];
};
export type Goal = { id: string; title: string; archived: boolean; initiatives: Initiative[] };

/** The fold-out with the forms of a learning goal or initiative; it stays open while one of its forms failed. */
function ChangePanel({ open, summary, children }: { open: boolean; summary: string; children: ReactNode }) {
  return (
    <details className="mt-3" open={open || undefined}>
      <summary className="cursor-pointer font-medium text-brand-700">{summary}</summary>
      {children}
    </details>
  );
}

function InitiativeCard({
  dialogId,
  initiative,
  editable,
  adjust,
}: {
  dialogId: string;
  initiative: Initiative;
  editable: boolean;
  adjust: boolean;
}) {
  const { t } = useTranslation();
  const failed = useFailedFormId().endsWith(initiative.id);
  const target = { name: "initiativeId", value: initiative.id };
  const headingId = `initiative-${initiative.id}-title`;
  return (
    <article
      id={`initiative-${initiative.id}`}
      aria-labelledby={headingId}
      className="rounded border border-gray-300 bg-white p-4"
    >
      <h4 id={headingId} className="font-semibold">
        {initiative.title}
      </h4>
      <p className="mt-1">
        {t("dialogs:initiative.progress", { progress: initiative.progress })}
        {initiative.openIssue ? (
          <strong className="ml-3 rounded bg-warning-bg px-2 py-0.5 text-sm">
            {t("dialogs:initiative.hasOpenIssue")}
          </strong>
        ) : null}
      </p>
      <div
        className="mt-1 h-2 w-full max-w-md rounded bg-gray-200"
        role="img"
        aria-label={t("dialogs:initiative.progress", { progress: initiative.progress })}
      >
        <div className="h-2 rounded bg-brand-700" style={{ width: `${initiative.progress}%` }} />
      </div>
      {initiative.notes ? <p className="mt-2 whitespace-pre-line">{initiative.notes}</p> : null}
      {adjust && editable ? (
        <ProgressPrompt dialogId={dialogId} initiative={initiative} suggested={suggestedProgress(initiative.actions)} />
      ) : null}

      <h5 className="mt-3 font-medium">{t("dialogs:link.heading")}</h5>
      {initiative.links.length === 0 ? (
        <p className="text-ink-muted">{t("dialogs:link.none")}</p>
      ) : (
        <ul className="list-disc pl-6">
          {initiative.links.map((l) => (
            <li key={l.id}>
              <a href={l.url} target="_blank" rel="noopener noreferrer nofollow">
                {l.title}
              </a>{" "}
              {editable ? <RemoveItem kind="link" id={l.id} title={l.title} /> : null}
            </li>
          ))}
        </ul>
      )}

      <h5 className="mt-3 font-medium">
        {t("dialogs:action.heading", { count: initiative.actions.length, max: MAX_ACTIONS })}
      </h5>
      {initiative.actions.length === 0 ? <p className="text-ink-muted">{t("dialogs:action.none")}</p> : null}
      <ol className="space-y-2 pl-6" style={{ listStyle: "decimal" }}>
        {initiative.actions.map((a) => (
          <li key={a.id}>
            <span className={a.completed ? "line-through" : undefined}>{a.title}</span>{" "}
            <span className="text-sm text-ink-muted">
              {a.completed ? t("dialogs:action.doneOn", { date: formatDate(a.completedAt) }) : t("dialogs:action.open")}
            </span>{" "}
            {editable ? (
              <ButtonForm
                intent={a.completed ? "reopenAction" : "completeAction"}
                target={{ name: "actionId", value: a.id }}
                label={a.completed ? t("dialogs:action.reopen") : t("dialogs:action.complete")}
                ariaLabel={t(a.completed ? "dialogs:action.reopenNamed" : "dialogs:action.completeNamed", {
                  title: a.title,
                })}
              />
            ) : null}{" "}
            {editable ? <RemoveItem kind="action" id={a.id} title={a.title} /> : null}
          </li>
        ))}
      </ol>

      {editable ? (
        <ChangePanel open={failed} summary={t("dialogs:initiative.change", { title: initiative.title })}>
          {initiative.actions.length < MAX_ACTIONS ? (
            <AddItem kind="action" target={target} />
          ) : (
            <p className="mt-2">{t("dialogs:action.max", { max: MAX_ACTIONS })}</p>
          )}
          <LinkForm initiativeId={initiative.id} />
          <InitiativeEditForm initiative={initiative} />
          {initiative.progress < 100 ? (
            <div className="mt-3">
              <ButtonForm
                intent="completeInitiative"
                target={target}
                label={t("dialogs:initiative.complete")}
                ariaLabel={t("dialogs:initiative.completeNamed", { title: initiative.title })}
              />
            </div>
          ) : null}
        </ChangePanel>
      ) : null}
    </article>
  );
}

/** A learning goal with its initiatives, and (while the dialog is started) its forms. */
export function LearningGoal({
  dialogId,
  goal,
  editable,
  adjust,
  confirming = false,
}: {
  dialogId: string;
  goal: Goal;
  editable: boolean;
  adjust: string | null;
  /** Its archiving asks on the page (`?confirm=<goal id>`, without JavaScript). */
  confirming?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `goal-${goal.id}-title`;
  const target = { name: "goalId", value: goal.id };
  const mayEdit = editable && !goal.archived;
  const failed = useFailedFormId().endsWith(goal.id);
  return (
    <section aria-labelledby={headingId} className="rounded bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {goal.title}
        </h3>
        {editable && goal.archived ? (
          <ButtonForm
            intent="restoreGoal"
            target={target}
            label={t("dialogs:goal.restore")}
            ariaLabel={t("dialogs:goal.restoreNamed", { title: goal.title })}
          />
        ) : null}
        {editable && !goal.archived ? (
          <ConfirmStep
            open={confirming}
            id={`archive-${goal.id}`}
            href={`/dialogs/${dialogId}?confirm=${goal.id}`}
            label={t("dialogs:goal.archive")}
            aria-label={t("dialogs:goal.archiveNamed", { title: goal.title })}
            title={t("dialogs:goal.archiveConfirm.title", { title: goal.title })}
          >
            <ConfirmForm
              submitLabel={t("dialogs:goal.archiveConfirm.submit")}
              cancelHref={`/dialogs/${dialogId}`}
              hidden={{ intent: "archiveGoal", goalId: goal.id }}
            >
              <p>{t("dialogs:goal.archiveConfirm.body")}</p>
            </ConfirmForm>
          </ConfirmStep>
        ) : null}
      </div>
      {goal.initiatives.length === 0 ? <p className="mt-2 text-ink-muted">{t("dialogs:initiative.none")}</p> : null}
      <div className="mt-3 space-y-4">
        {goal.initiatives.map((i) => (
          <InitiativeCard key={i.id} dialogId={dialogId} initiative={i} editable={mayEdit} adjust={adjust === i.id} />
        ))}
      </div>
      {mayEdit ? (
        <ChangePanel open={failed} summary={t("dialogs:goal.change", { title: goal.title })}>
          <AddItem kind="initiative" target={target} />
          <TextForm
            intent="editGoal"
            target={target}
            schema={goalSchema}
            name="title"
            label={t("dialogs:goal.rename")}
            submitLabel={t("dialogs:goal.save")}
            defaultValue={goal.title}
          />
        </ChangePanel>
      ) : null}
    </section>
  );
}

const addIntents = {
  goal: { intent: "addGoal", schema: goalSchema },
  initiative: { intent: "addInitiative", schema: initiativeSchema },
  action: { intent: "addAction", schema: actionSchema },
} as const;

/** Adding a learning goal, an initiative or an action by its title: the same form, its texts under `dialogs:${kind}`. */
export function AddItem({
  kind,
  target,
}: {
  kind: keyof typeof addIntents;
  /** The row it is added to (a goal's initiative, an initiative's action); none for a goal. */
  target?: { name: string; value: string };
}) {
  const { t } = useTranslation();
  return (
    <TextForm
      intent={addIntents[kind].intent}
      target={target}
      schema={addIntents[kind].schema}
      name="title"
      label={t(`dialogs:${kind}.title`)}
      submitLabel={t(`dialogs:${kind}.add`)}
    />
  );
}

/** Removing an initiative's link or action: the same confirmation, its texts under `dialogs:${kind}`. */
function RemoveItem({ kind, id, title }: { kind: "link" | "action"; id: string; title: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmRemove
      intent={kind === "link" ? "removeLink" : "removeAction"}
      target={{ name: `${kind}Id`, value: id }}
      label={t(`dialogs:${kind}.remove`)}
      summaryLabel={t(`dialogs:${kind}.removeNamed`, { title })}
      question={t(`dialogs:${kind}.removeConfirm`, { title })}
      confirmLabel={t(`dialogs:${kind}.removeSubmit`)}
    />
  );
}
