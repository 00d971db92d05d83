import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { discardUnsavedChanges } from "~/components/unsaved-changes";
import { GoalCard, type GoalCardData, type LinkableRound } from "./goal-card";
import { GoalForm } from "./goal-form";

/**
 * The goals tab of a team (spec §4: one goal is edited at a time). The open form is named by the URL
 * (`?edit=<id>` or `?edit=new`, `?archive=<id>` for the confirmation), so every step is a link and works
 * without JavaScript. With JavaScript, following another goal's link while the open form has unsaved
 * changes first asks to save or drop them; saving sends the form with `next` and the server then opens
 * what was asked for.
 */
export function TeamGoalsPanel({
  baseHref,
  active,
  archived,
  canManage,
  editing,
  archiving,
  lastResult,
  rounds = [],
}: {
  baseHref: string;
  active: GoalCardData[];
  archived: GoalCardData[];
  canManage: boolean;
  editing: string | null;
  archiving: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The team's review rounds a goal can be linked to. */
  rounds?: LinkableRound[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<{ href: string; next: string } | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  // Another form opened (or the last one saved): nothing unsaved any more.
  useEffect(() => setDirty(false), [editing]);
  // A save the dialog started came back with errors: the next plain save stays on this goal.
  useEffect(() => {
    if (nextRef.current) nextRef.current.value = "";
  }, [lastResult]);

  function guard(href: string, next: string) {
    return (event: MouseEvent<HTMLAnchorElement>) => {
      if (!dirty || !formRef.current) return;
      event.preventDefault();
      setPending({ href, next });
      dialogRef.current?.showModal();
    };
  }
  function closeDialog() {
    dialogRef.current?.close();
    setPending(null);
  }
  function saveFirst() {
    if (!pending || !formRef.current || !nextRef.current) return;
    nextRef.current.value = pending.next;
    closeDialog();
    formRef.current.requestSubmit();
  }
  function dropChanges() {
    if (!pending) return;
    const { href } = pending;
    closeDialog();
    setDirty(false);
    // The user answered already: the app's unsaved-changes guard need not ask again.
    discardUnsavedChanges(formRef.current);
    navigate(href);
  }

  const stepHref = (step: "edit" | "archive", id: string) => `${baseHref}?${step}=${id}`;
  const editHref = (id: string) => stepHref("edit", id);
  /** A goal's edit or archive link (`goals:${step}`, named by `${step}Label`); it asks first about unsaved changes. */
  const stepLink = (step: "edit" | "archive", goal: GoalCardData) => (
    <Link
      to={stepHref(step, goal.id)}
      onClick={guard(stepHref(step, goal.id), `${step}:${goal.id}`)}
      aria-label={t(`goals:${step}Label`, { text: goal.text })}
    >
      {t(`goals:${step}`)}
    </Link>
  );
  const formProps = {
    cancelHref: baseHref,
    lastResult,
    onChange: () => setDirty(true),
    formRef,
    nextRef,
    rounds,
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="goals-active-title">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
          <h2 id="goals-active-title" className="text-xl font-semibold">
            {t("goals:activeTitle")}
          </h2>
          {canManage && editing !== "new" ? (
            <Link to={editHref("new")} onClick={guard(editHref("new"), "edit:new")} className="font-medium">
              {t("goals:add")}
            </Link>
          ) : null}
        </div>
        {active.length === 0 && editing !== "new" ? (
          <p>{canManage ? t("goals:noneManager") : t("goals:none")}</p>
        ) : null}
        <ul className="space-y-4">
          {active.map((goal) => (
            <li key={goal.id}>
              {editing === goal.id ? (
                <GoalForm key={goal.id} goal={goal} action={editHref(goal.id)} {...formProps} />
              ) : (
                <GoalCard
                  goal={goal}
                  actions={
                    canManage ? (
                      <>
                        {stepLink("edit", goal)}
                        {archiving !== goal.id ? stepLink("archive", goal) : null}
                      </>
                    ) : null
                  }
                />
              )}
              {archiving === goal.id ? <ArchiveConfirm goal={goal} baseHref={baseHref} /> : null}
            </li>
          ))}
          {editing === "new" ? (
            <li>
              <GoalForm key="new" action={editHref("new")} {...formProps} />
            </li>
          ) : null}
        </ul>
      </section>

      {archived.length > 0 ? (
        <section aria-labelledby="goals-archived-title">
          <h2 id="goals-archived-title" className="mb-4 text-xl font-semibold">
            {t("goals:archivedTitle")}
          </h2>
          <p className="mb-4 text-ink-muted">{t("goals:archivedHint")}</p>
          <ul className="space-y-4">
            {archived.map((goal) => (
              <li key={goal.id}>
                <GoalCard goal={goal} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {canManage ? (
        <dialog
          ref={dialogRef}
          aria-labelledby="goals-unsaved-title"
          onCancel={() => setPending(null)}
          className="max-w-md rounded p-6 shadow-lg backdrop:bg-black/40"
        >
          <h2 id="goals-unsaved-title" className="text-lg font-semibold">
            {t("goals:unsaved.title")}
          </h2>
          <p className="mt-2">{t("goals:unsaved.body")}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="button" onClick={saveFirst}>
              {t("goals:unsaved.save")}
            </Button>
            <Button type="button" variant="secondary" onClick={dropChanges}>
              {t("goals:unsaved.drop")}
            </Button>
            <Button type="button" variant="secondary" onClick={closeDialog}>
              {t("goals:unsaved.stay")}
            </Button>
          </div>
        </dialog>
      ) : null}
    </div>
  );
}

/** The confirmation before archiving: final, so it says so and asks once more. */
function ArchiveConfirm({ goal, baseHref }: { goal: GoalCardData; baseHref: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby={`archive-${goal.id}-title`}
      className="mt-2 rounded border-2 border-danger bg-danger-bg p-4"
    >
      <h3 id={`archive-${goal.id}-title`} className="font-semibold">
        {t("goals:archiveConfirm.title")}
      </h3>
      <p className="mt-1">{t("goals:archiveConfirm.body")}</p>
      <Form method="post" action={`${baseHref}?archive=${goal.id}`} className="mt-3 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="archive" />
        <input type="hidden" name="goalId" value={goal.id} />
        <Button variant="danger">{t("goals:archiveConfirm.submit")}</Button>
        <Link to={baseHref}>{t("goals:cancel")}</Link>
      </Form>
    </section>
  );
}
