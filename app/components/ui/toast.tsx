import { useTranslation } from "react-i18next";
import type { Toast } from "~/utils/toast.server";

/** Rendered by the server into a live region, so it shows after a full-page POST without JavaScript too. */
export function ToastRegion({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="fixed bottom-4 right-4 z-50 max-w-sm">
      {toast ? (
        <p
          className={`rounded border-l-4 px-4 py-3 shadow-lg ${
            toast.type === "error"
              ? "border-danger bg-danger-bg text-danger"
              : "border-success bg-success-bg text-success"
          }`}
        >
          {t(toast.key, toast.values)}
        </p>
      ) : null}
    </div>
  );
}
