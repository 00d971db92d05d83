import { forwardRef, type ReactNode } from "react";

/**
 * The app's modal: a native `<dialog>` opened with `showModal()` by its owner, which traps the focus inside,
 * returns it on close and closes on Escape (`onCancel`). Its title names it for assistive technology.
 */
export const ModalDialog = forwardRef<
  HTMLDialogElement,
  { titleId: string; title: ReactNode; onCancel: () => void; onClose?: () => void; children: ReactNode }
>(function ModalDialog({ titleId, title, onCancel, onClose, children }, ref) {
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onClose}
      className="w-full max-w-lg rounded p-6 shadow-lg backdrop:bg-black/40"
    >
      <h2 id={titleId} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  );
});
