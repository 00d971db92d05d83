import type { ReactNode } from "react";
import { ConfirmForm, ConfirmSelection, ConfirmStep } from "~/components/confirm-dialog";

/**
 * The confirmations of a book's tag page (criteria tags, competence tags; decision 1702), the pattern of the
 * personnel tags (1541, 1640) without a page per action: a tag's page is the confirmation page. Without JavaScript
 * the page's own URL with `?confirm=<action>` shows the confirmation as a step in place of the action; with
 * JavaScript the same URL opens in a dialog. Every confirmation posts the page's `intent` and its hidden fields.
 */

/** Deleting the tag: a link, then the confirmation (what it means, the red button, cancel). */
export function TagDeleteStep({
  pageHref,
  open,
  title,
  label,
  submitLabel,
  children,
}: {
  /** The tag's page. */
  pageHref: string;
  /** The page was opened with `?confirm=delete`. */
  open: boolean;
  title: string;
  label: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <ConfirmStep
      open={open}
      id="delete-tag"
      href={`${pageHref}?confirm=delete`}
      title={title}
      label={label}
      className="inline-block rounded border border-danger px-4 py-2 font-medium text-danger"
    >
      <ConfirmForm submitLabel={submitLabel} cancelHref={pageHref} hidden={{ intent: "delete" }}>
        {children}
      </ConfirmForm>
    </ConfirmStep>
  );
}

/**
 * An action with a choice (merge with which tag, split off which criteria): the choice is a GET form to the tag's
 * page with `confirm=<action>`; the page's loader checks it and answers `pending` (what will happen) or the
 * choice's errors. Without JavaScript the page then shows `confirmation` in place of the form; with JavaScript
 * it opens in a dialog, fed with that loader data.
 */
export function TagChoiceStep<T>({
  formId,
  pageHref,
  action,
  pending,
  data,
  title,
  confirmation,
  children,
}: {
  /** The choice's form id: conform's fields name their form. */
  formId: string;
  pageHref: string;
  action: string;
  /** The page was opened with this action's valid choice: show its confirmation here. */
  pending: boolean;
  /** The page's own loader data, for the step without JavaScript. */
  data: T;
  title: string;
  /** The confirmation (or, for a refused choice, its errors) from the page's loader data. */
  confirmation: (data: T) => ReactNode;
  /** The choice's fields and its button. */
  children: ReactNode;
}) {
  if (pending) return <>{confirmation(data)}</>;
  return (
    <ConfirmSelection<T> id={formId} action={pageHref} title={title} load={confirmation}>
      <input type="hidden" name="confirm" value={action} />
      {children}
    </ConfirmSelection>
  );
}
