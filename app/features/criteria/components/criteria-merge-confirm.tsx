import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CancelLink, ConfirmPageForm, useConfirmFrame } from "~/components/confirm-dialog";
import { SelectionLimitMessage } from "~/components/selection-limit-message";
import { Button, ErrorList, ErrorSummary } from "~/components/ui/forms";
import { criteriaMergeLimit, overSelectionLimit, selectionLimitValues } from "~/utils/selection-limit";
import { mergeCriteriaSchema } from "../criteria.schema";

export type CriteriaToMerge = { merge: { ids: string[]; items: { id: string; name: string }[] } | null };

/**
 * Merging the two criteria chosen in the book: which remains, confirm. On its page (`/criteria/book/merge`) and
 * in the book's dialog (1541); more than two criteria get the selection limit message (1701), fewer the hint.
 */
export function CriteriaMergeConfirm({ merge }: CriteriaToMerge) {
  const { t } = useTranslation();
  const frame = useConfirmFrame();
  // In a dialog the route's action data is the book's.
  const actionResult = useActionData<SubmissionResult | undefined>();
  const lastResult = !frame.inDialog && actionResult && "status" in actionResult ? actionResult : undefined;
  const [form, fields] = useForm({
    id: "merge",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mergeCriteriaSchema }),
  });
  if (!merge || merge.items.length !== 2) {
    return (
      <div role="alert" className="rounded border-2 border-danger bg-danger-bg p-4">
        {overSelectionLimit(merge?.ids.length ?? 0, criteriaMergeLimit) ? (
          <SelectionLimitMessage limit={criteriaMergeLimit} />
        ) : (
          <p className="font-medium text-danger">{t("criteria:merge.hint")}</p>
        )}
        <p className="mt-2">
          <CancelLink href="/criteria/book">{t("criteria:book.back")}</CancelLink>
        </p>
      </div>
    );
  }
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        formErrorValues={selectionLimitValues(t, criteriaMergeLimit)}
        fieldErrors={[{ id: fields.keepId.id, label: t("criteria:merge.keep"), errors: fields.keepId.errors }]}
      />
      <ConfirmPageForm form={form}>
        <p className="mb-4">{t("criteria:merge.explain")}</p>
        {merge.items.map((item) => (
          <input key={item.id} type="hidden" name="ids" value={item.id} />
        ))}
        <fieldset id={fields.keepId.id} className="mb-4">
          <legend className="font-medium">{t("criteria:merge.keep")}</legend>
          {merge.items.map((item) => (
            <div key={item.id} className="mt-2 flex items-center gap-2">
              <input type="radio" id={`keep-${item.id}`} name="keepId" value={item.id} className="h-5 w-5" />
              <label htmlFor={`keep-${item.id}`}>{item.name}</label>
            </div>
          ))}
          <ErrorList errors={fields.keepId.errors} label={t("criteria:merge.keep")} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-4">
          <Button>{t("criteria:merge.submit")}</Button>
          <CancelLink href="/criteria/book">{t("common:confirm.cancel")}</CancelLink>
        </div>
      </ConfirmPageForm>
    </>
  );
}
