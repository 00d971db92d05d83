import { useTranslation } from "react-i18next";
import { ConfirmForm } from "~/components/confirm-dialog";
import type { MergePageConfig } from "~/features/merge/merge-page";
import { positionMergeSchema } from "../positions.schema";

/** The merge and bulk-delete confirmations of positions: on their pages and in dialogs (1541). */
export const positionMergePage: MergePageConfig = {
  ns: "positions",
  formId: "position-merge",
  schema: positionMergeSchema,
  otherField: "otherPositionId",
  backLabel: "positions:backToPosition",
};

export type PositionsToDelete = { positions: { id: string; name: string; contractsCount: number }[] };

export function PositionsBulkDeleteConfirm({ positions }: PositionsToDelete) {
  const { t } = useTranslation();
  const withContracts = positions.some((position) => position.contractsCount > 0);
  return (
    <ConfirmForm
      submitLabel={t("positions:bulkDelete.confirm")}
      cancelHref="/personnel/positions"
      cancelLabel={t("positions:cancel")}
      hidden={{ ids: positions.map((position) => position.id) }}
    >
      <ul className="mb-4 list-disc pl-6">
        {positions.map((position) => (
          <li key={position.id}>
            {position.name}
            {position.contractsCount > 0
              ? ` — ${t("positions:contractsCount", { count: position.contractsCount })}`
              : ""}
          </li>
        ))}
      </ul>
      {withContracts ? <p className="mb-4 font-medium text-danger">{t("positions:bulkDelete.hasContracts")}</p> : null}
    </ConfirmForm>
  );
}
