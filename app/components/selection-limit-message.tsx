import { useTranslation } from "react-i18next";
import { SELECTION_LIMIT_KEY, selectionLimitValues, type SelectionLimit } from "~/utils/selection-limit";

/** The spec's selection limit next to the choice it is about (1701); `id` lets the choice point to it. */
export function SelectionLimitMessage({ limit, id }: { limit: SelectionLimit; id?: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-danger" data-testid="selection-limit">
      {t(SELECTION_LIMIT_KEY, selectionLimitValues(t, limit))}
    </p>
  );
}
