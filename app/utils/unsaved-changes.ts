/**
 * The rules of the one unsaved-changes guard (spec §5, docs/decisions/1540), kept apart from the DOM listeners
 * and the dialog (`components/unsaved-changes.tsx`) so they can be tested on their own.
 *
 * A form holds unsaved input from the first edit in one of its fields until it is submitted and the answer
 * shows no error. Only POST forms count (GET forms are filters and tabs); a form, or an area of the page,
 * marked `data-unsaved-guard="off"` is left out — forms that save themselves report through `sources`.
 */

/** The part of a form element the rules read (a real HTMLFormElement in the browser, a stub in tests). */
export type GuardedForm = {
  readonly isConnected: boolean;
  querySelector(selector: string): unknown;
};

const notTyped = new Set(["hidden", "submit", "button", "reset", "image"]);

/** Whether an edit in this control counts as input: a field the user fills in, not a button or hidden value. */
export function isEditableControl(control: { tagName: string; type?: string; readOnly?: boolean }): boolean {
  const tag = control.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return !control.readOnly;
  if (tag !== "input") return false;
  return !notTyped.has((control.type ?? "text").toLowerCase()) && !control.readOnly;
}

/** Whether a form is one the guard watches: it posts, and neither it nor an area around it opted out. */
export function isGuardedForm(form: {
  getAttribute(name: string): string | null;
  closest(selector: string): unknown;
}): boolean {
  if ((form.getAttribute("method") ?? "get").toLowerCase() !== "post") return false;
  return !form.closest('[data-unsaved-guard="off"]');
}

/**
 * Whether a navigation replaces the page's forms. Moving to an anchor, or to the very page you are on, keeps the
 * rendered forms and what is typed in them.
 */
export function leavesPage(current: { pathname: string; search: string }, next: { pathname: string; search: string }) {
  return current.pathname !== next.pathname || current.search !== next.search;
}

export function createUnsavedStore<F extends GuardedForm>() {
  const dirty = new Set<F>();
  const submitted = new Set<F>();
  const sources = new Set<symbol>();
  const connected = (form: F) => form.isConnected;

  return {
    /** A field of this form was edited. */
    edited(form: F) {
      dirty.add(form);
      submitted.delete(form);
    },
    /** The form was sent: it no longer asks while its answer is on the way. */
    submitting(form: F) {
      if (dirty.has(form)) submitted.add(form);
    },
    /** The submit was stopped in the browser (its fields did not validate): the form is as unsaved as before. */
    refused(form: F) {
      submitted.delete(form);
    },
    /**
     * The page is idle again after a submission: a sent form that is still here and shows an error kept its
     * input unsaved (a validation answer), every other sent form is saved.
     */
    settle() {
      for (const form of submitted) {
        if (connected(form) && form.querySelector('[aria-invalid="true"]')) continue;
        dirty.delete(form);
      }
      submitted.clear();
      for (const form of dirty) if (!connected(form)) dirty.delete(form);
    },
    /** The user chose to drop this form's input (or every form's, without an argument). */
    discard(form?: F) {
      if (form) {
        dirty.delete(form);
        submitted.delete(form);
      } else {
        dirty.clear();
        submitted.clear();
      }
    },
    /** A component that saves by itself reports whether it holds unsaved changes. */
    report(source: symbol, unsaved: boolean) {
      if (unsaved) sources.add(source);
      else sources.delete(source);
    },
    /** Whether leaving now would lose input. */
    hasUnsaved(): boolean {
      if (sources.size > 0) return true;
      for (const form of dirty) if (connected(form) && !submitted.has(form)) return true;
      return false;
    },
  };
}

export type UnsavedStore<F extends GuardedForm = GuardedForm> = ReturnType<typeof createUnsavedStore<F>>;
