import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/utils/toast.server";

/** How long a toast shows with JavaScript (docs/decisions/1542); hovering or focusing it holds it. */
export const TOAST_MS = 6000;

/**
 * Rendered by the server into a live region, so it shows after a full-page POST without JavaScript too (and then
 * stays). With JavaScript it hides after TOAST_MS unless the pointer or focus is on it; hidden means visually
 * only (`sr-only`), so the message stays in the status region for screen readers.
 */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  const [held, setHeld] = useState(false);
  useEffect(() => setHidden(false), [toast]);
  useEffect(() => {
    if (!toast || hidden || held) return;
    const timer = setTimeout(() => setHidden(true), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, hidden, held]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed bottom-4 right-4 z-50 max-w-sm"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {toast ? (
        <p
          className={
            hidden
              ? "sr-only"
              : `rounded border-l-4 px-4 py-3 shadow-lg ${
                  toast.type === "error"
                    ? "border-danger bg-danger-bg text-danger"
                    : "border-success bg-success-bg text-success"
                }`
          }
        >
          {t(toast.key, toast.values)}
        </p>
      ) : null}
    </div>
  );
}
