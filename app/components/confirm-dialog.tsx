import { Form, Link, useFetcher } from "@remix-run/react";
import {
  createContext,
  useContext,
  useEffect,
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

/**
 * A link to a confirmation page (delete, merge, split, archive; docs/decisions/1541). Without JavaScript it is
 * that link. With JavaScript it opens a native modal `<dialog>` on this page (focus kept inside and returned to
 * the link on close, Escape cancels) with the page's own confirmation in it: `children`, or, given `load`, what
 * `load` renders from the confirmation page's loader data (fetched from its URL, as the page would read it).
 */
export function ConfirmLink<T = unknown>({
  href,
  title,
  children,
  load,
  className,
  "aria-label": ariaLabel,
  label,
}: {
  href: string;
  /** The dialog's title (the confirmation page's heading). */
  title: string;
  /** What the link says. */
  label: ReactNode;
  children?: ReactNode;
  load?: (data: T) => ReactNode;
  className?: string;
  "aria-label"?: string;
}) {
  const fetcher = useFetcher<T>();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const ready = url !== null && (!load || fetcher.data !== undefined);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (ready && dialog && !dialog.open) dialog.showModal();
  }, [ready]);

  const close = () => {
    dialogRef.current?.close();
    setUrl(null);
  };
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setUrl(href);
    if (load) fetcher.load(href);
  };
  const frame: ConfirmFrame = {
    inDialog: true,
    action: url ?? href,
    close,
    reload: (query) => {
      const next = `${href.split("?")[0]}?${query.toString()}`;
      setUrl(next);
      fetcher.load(next);
    },
  };
  // A confirmation sent from the dialog leaves the dialog: the answer is a new page (or the confirmation page
  // itself when the server refused, with its errors), as without JavaScript.
  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target as HTMLFormElement;
    if (!event.defaultPrevented && form.method.toLowerCase() === "post") close();
  };

  return (
    <>
      <a href={href} onClick={open} className={className} aria-label={ariaLabel}>
        {label}
      </a>
      {ready ? (
        <ModalDialog ref={dialogRef} titleId={`confirm-${href}`} title={title} onCancel={close} onClose={close}>
          <Frame.Provider value={frame}>
            {/* The submit bubbles here after the form's own handlers. */}
            <div onSubmit={onSubmit}>{load ? load(fetcher.data as T) : children}</div>
          </Frame.Provider>
        </ModalDialog>
      ) : null}
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
