import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { ModalDialog } from "~/components/ui/modal-dialog";

/**
 * Where a confirmation is shown: on its own page (no JavaScript, or opened directly) or in a dialog on the page
 * that links to it. Its forms post to `action` (the confirmation page's URL in a dialog; the page itself
 * otherwise), and a GET step of the confirmation (choosing what to merge with) reloads the dialog in place.
 */
type ConfirmFrame = {
  inDialog: boolean;
  action: string | undefined;
  close: () => void;
  /** Loads the confirmation page again with this query, inside the dialog. */
  reload: (query: URLSearchParams) => void;
};

const PageFrame: ConfirmFrame = { inDialog: false, action: undefined, close: () => undefined, reload: () => undefined };
const Frame = createContext<ConfirmFrame>(PageFrame);

export function useConfirmFrame() {
  return useContext(Frame);
}

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

type ConfirmContent<T> = {
  /** The dialog's title (the confirmation page's heading); from the page's loader data when it depends on it. */
  title: string | ((data: T) => string);
  children?: ReactNode;
  load?: (data: T) => ReactNode;
};

/**
 * The dialog behind `ConfirmLink` and `ConfirmSelection`: `open(url)` shows the confirmation page at `url` in a
 * native modal `<dialog>` (focus kept inside and returned to the opener on close, Escape cancels) — `children`,
 * or, given `load`, what `load` renders from that page's loader data (fetched from its URL, as the page reads it).
 */
function useConfirmDialog<T>({ title, children, load }: ConfirmContent<T>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Each opening reads with a fetcher of its own, so a dialog never shows an earlier selection's data.
  const [opened, setOpened] = useState<{ url: string; n: number } | null>(null);
  const fetcher = useFetcher<T>({ key: `confirm-${useId()}-${opened?.n ?? 0}` });
  const url = opened?.url ?? null;
  const ready = url !== null && (!load || fetcher.data !== undefined);

  useEffect(() => {
    if (opened && load) fetcher.load(opened.url);
    // Load once per opening; `fetcher` and `load` are new objects each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (ready && dialog && !dialog.open) dialog.showModal();
  }, [ready]);

  const close = () => {
    dialogRef.current?.close();
    setOpened(null);
  };
  const openings = useRef(0);
  const open = (next: string) => setOpened({ url: next, n: ++openings.current });
  const frame: ConfirmFrame = {
    inDialog: true,
    action: url ?? undefined,
    close,
    // A step inside the dialog (a merge's choice) reads again with the same fetcher: the dialog stays open.
    reload: (query) => setOpened({ url: `${(url ?? "").split("?")[0]}?${query.toString()}`, n: openings.current }),
  };
  // A confirmation sent from the dialog leaves the dialog: the answer is a new page (or the confirmation page
  // itself when the server refused, with its errors), as without JavaScript.
  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target as HTMLFormElement;
    if (!event.defaultPrevented && form.method.toLowerCase() === "post") close();
  };
  const data = fetcher.data as T;
  const dialog =
    ready && url !== null ? (
      <ModalDialog
        ref={dialogRef}
        titleId={`confirm-${url.split("?")[0]}`}
        title={typeof title === "function" ? title(data) : title}
        onCancel={close}
        onClose={close}
      >
        <Frame.Provider value={frame}>
          {/* The submit bubbles here after the form's own handlers. */}
          <div onSubmit={onSubmit}>{load ? load(data) : children}</div>
        </Frame.Provider>
      </ModalDialog>
    ) : null;
  return { open, dialog };
}

/**
 * A link to a confirmation page (delete, merge, split, archive; docs/decisions/1541). Without JavaScript it is
 * that link. With JavaScript a plain click opens the page's own confirmation in a dialog (`useConfirmDialog`).
 */
export function ConfirmLink<T = unknown>({
  href,
  className,
  "aria-label": ariaLabel,
  label,
  ...content
}: ConfirmContent<T> & {
  href: string;
  /** What the link says. */
  label: ReactNode;
  className?: string;
  "aria-label"?: string;
}) {
  const { open, dialog } = useConfirmDialog(content);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    open(href);
  };
  return (
    <>
      <a href={href} onClick={onClick} className={className} aria-label={ariaLabel}>
        {label}
      </a>
      {dialog}
    </>
  );
}

/**
 * A selection (checkboxes in a list) sent to a confirmation page by GET, as a bulk delete or a merge of the
 * chosen rows (1641). Without JavaScript the form goes to `action` with the choice in its query; with
 * JavaScript the same URL opens in a dialog with `load`. The checkboxes may sit outside the form (`form=id`).
 */
export function ConfirmSelection<T>({
  id,
  action,
  className,
  children,
  ...content
}: Omit<ConfirmContent<T>, "children" | "load"> & {
  id?: string;
  action: string;
  className?: string;
  load: (data: T) => ReactNode;
  /** The form's content: its rows and submit button. */
  children: ReactNode;
}) {
  const { open, dialog } = useConfirmDialog(content);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams(new FormData(event.currentTarget) as unknown as string[][]);
    open(`${action}?${query.toString()}`);
  };
  return (
    <>
      <Form method="get" action={action} id={id} className={className} onSubmit={onSubmit}>
        {children}
      </Form>
      {dialog}
    </>
  );
}

/** "Annuleren": back to `href` on the confirmation page, closing the dialog in a dialog. */
export function CancelLink({ href, children }: { href: string; children: ReactNode }) {
  const frame = useConfirmFrame();
  if (!frame.inDialog) return <Link to={href}>{children}</Link>;
  return (
    <Button type="button" variant="secondary" onClick={frame.close}>
      {children}
    </Button>
  );
}

/**
 * The confirmation form of a delete or archive: what it means (`children`), the red button, and cancel. On its
 * page and in the dialog alike.
 */
export function ConfirmForm({
  submitLabel,
  cancelHref,
  cancelLabel,
  hidden = {},
  children,
}: {
  submitLabel: string;
  cancelHref: string;
  cancelLabel?: string;
  /** Hidden fields the action reads (ids, an intent). */
  hidden?: Record<string, string | string[]>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const frame = useConfirmFrame();
  return (
    <>
      {children}
      <Form method="post" action={frame.action} className="mt-4 flex flex-wrap items-center gap-4">
        {Object.entries(hidden).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v) => (
            <input key={`${name}=${v}`} type="hidden" name={name} value={v} />
          )),
        )}
        <Button variant="danger">{submitLabel}</Button>
        <CancelLink href={cancelHref}>{cancelLabel ?? t("common:confirm.cancel")}</CancelLink>
      </Form>
    </>
  );
}

/**
 * The validated form of a confirmation page that asks for input (a name, a choice): posted to that page, from
 * its dialog too, with conform's props for `form`.
 */
export function ConfirmPageForm<Schema extends Record<string, unknown>>({
  form,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  children: ReactNode;
}) {
  const frame = useConfirmFrame();
  return (
    <Form
      method="post"
      action={frame.action}
      {...getFormProps(form)}
      noValidate
      className="rounded bg-white p-6 shadow-sm"
    >
      {children}
    </Form>
  );
}

/**
 * A confirmation that belongs to a page rather than one of its own (archiving): the link opens it in a dialog
 * with JavaScript; without, the link's URL (`?confirm=…`) shows it as a step on the page (`open`).
 */
export function ConfirmStep({
  open,
  id,
  title,
  children,
  ...link
}: {
  open: boolean;
  id: string;
  href: string;
  title: string;
  label: ReactNode;
  "aria-label"?: string;
  className?: string;
  children: ReactNode;
}) {
  if (!open)
    return (
      <ConfirmLink title={title} {...link}>
        {children}
      </ConfirmLink>
    );
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-2 w-full rounded border-2 border-danger bg-danger-bg p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A confirmation page's back link and heading; in a dialog, the dialog's title stands in for both. */
export function ConfirmHeading({ back, children }: { back?: ReactNode; children: ReactNode }) {
  if (useConfirmFrame().inDialog) return null;
  return (
    <>
      {back ? <p className="mb-2">{back}</p> : null}
      <h1 className="mb-4">{children}</h1>
    </>
  );
}
