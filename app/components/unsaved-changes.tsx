import { useBlocker, useFetchers, useNavigation, type BlockerFunction } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { createUnsavedStore, isEditableControl, isGuardedForm, leavesPage } from "~/utils/unsaved-changes";

/** One store for the document: the guard below is mounted once, in the app's layout (a router allows one blocker). */
const store = createUnsavedStore<HTMLFormElement>();
/** Whether the router started a navigation since the last submit (it asks the blocker first, synchronously). */
let navigationAsked = false;

/** Drops what a form holds (a component that already asked the user, as the team goals' own dialog does). */
export function discardUnsavedChanges(form?: HTMLFormElement | null) {
  store.discard(form ?? undefined);
}

/**
 * For a form that saves by itself (marked `data-unsaved-guard="off"`): it says when it holds changes that are
 * not saved yet, and the one guard asks before leaving, as for any other form. `release` is for its submit
 * handler: the navigation that sends the form starts before the next render.
 */
export function useUnsavedChanges(unsaved: boolean) {
  const source = useRef(Symbol("unsaved"));
  useEffect(() => {
    const id = source.current;
    store.report(id, unsaved);
    return () => store.report(id, false);
  }, [unsaved]);
  return { release: () => store.report(source.current, false) };
}

/**
 * The unsaved-changes guard (spec §5, docs/decisions/1540). Every POST form in the app is watched from the
 * first edit in one of its fields: a navigation inside the app asks in a native `<dialog>` first, closing the
 * tab or reloading asks through the browser's own `beforeunload` question. Submitting the form is never
 * asked about; its input counts as saved unless the answer shows an error. Without JavaScript nothing is
 * watched, and a validation answer keeps every value.
 */
export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");

  useEffect(() => {
    function onEdit(event: Event) {
      const control = event.target;
      if (!(
        control instanceof HTMLInputElement ||
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement
      ))
        return;
      if (control.form && isGuardedForm(control.form) && isEditableControl(control)) store.edited(control.form);
    }
    function onSubmit(event: Event) {
      navigationAsked = false;
      if (event.target instanceof HTMLFormElement) store.submitting(event.target);
    }
    // After the page's own handlers: a submit the browser-side validation stopped sent nothing. (Forms sent by a
    // fetcher hold no typed input here: tasks' done and archive buttons.)
    function afterSubmit(event: Event) {
      const sentByRouter = navigationAsked;
      const sentNatively = !event.defaultPrevented;
      if (event.target instanceof HTMLFormElement && !sentByRouter && !sentNatively) store.refused(event.target);
    }
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (!store.hasUnsaved()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    }
    // Capture: a field's own handler cannot hide the edit, and the submit is seen before the router navigates.
    document.addEventListener("input", onEdit, true);
    document.addEventListener("change", onEdit, true);
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("submit", afterSubmit);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("input", onEdit, true);
      document.removeEventListener("change", onEdit, true);
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("submit", afterSubmit);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);

  // After the answer has rendered (conform shows a reply's errors one render later): saved, or kept unsaved.
  useEffect(() => {
    if (busy) return;
    const timer = setTimeout(() => store.settle(), 0);
    return () => clearTimeout(timer);
  }, [busy]);

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    navigationAsked = true;
    return leavesPage(currentLocation, nextLocation) && store.hasUnsaved();
  }, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (blocker.state === "blocked" && !dialog.open) dialog.showModal();
    if (blocker.state !== "blocked" && dialog.open) dialog.close();
  }, [blocker.state]);

  const stay = () => blocker.reset?.();
  const leave = () => {
    store.discard();
    blocker.proceed?.();
  };

  return (
    <ModalDialog ref={dialogRef} titleId="unsaved-title" title={t("common:unsaved.title")} onCancel={stay}>
      <p>{t("common:unsaved.body")}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {/* Staying is the safe answer, so it has the focus. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button type="button" onClick={stay} autoFocus>
          {t("common:unsaved.stay")}
        </Button>
        <Button type="button" variant="danger" onClick={leave}>
          {t("common:unsaved.leave")}
        </Button>
      </div>
    </ModalDialog>
  );
}
