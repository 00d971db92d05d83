import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/confirm-dialog";
import { formatNumber } from "~/utils/format";
import { ContractForm } from "./contract-form";
import { ContractDeleteConfirm } from "./employee-confirmations";

export type ContractRow = {
  id: string;
  positionName: string;
  startDate: string;
  endDate: string;
  fte: string;
  hoursPerWeek: string | null;
  isTemporary: boolean;
  isActive: boolean;
};

/** The contracts tab: the employee's contracts with links to edit and delete each, and the form to add one. */
export function EmployeeContractsTab({
  employeeId,
  contracts,
  positions,
  lastResult,
}: {
  employeeId: string;
  contracts: ContractRow[];
  positions: { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {contracts.length === 0 ? (
        <p className="mb-4">{t("employees:contracts.empty")}</p>
      ) : (
        <ContractsTable employeeId={employeeId} contracts={contracts} />
      )}
      <h2 className="mb-2">{t("employees:contracts.add")}</h2>
      <ContractForm
        id="add-contract"
        intent="addContract"
        lastResult={lastResult}
        defaultValue={{ fte: "1", isTemporary: "permanent", isActive: "on" }}
        positions={positions}
        submitLabel={t("employees:contracts.submit")}
      />
    </>
  );
}

const columns = ["position", "start", "end", "fte", "hoursPerWeek", "kind", "active"] as const;

function ContractsTable({ employeeId, contracts }: { employeeId: string; contracts: ContractRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mb-6 relative overflow-x-auto rounded bg-white shadow-sm">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{t("employees:detail.tabs.contracts")}</caption>
        <thead>
          <tr className="bg-gray-100 text-left">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {t(`employees:contracts.${column}`)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t("employees:contracts.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {contracts.map((c) => {
            const which = (
              <span className="sr-only">
                {" "}
                {c.positionName} {c.startDate}
              </span>
            );
            return (
              <tr key={c.id} className="border-t">
                <td className="px-3 py-2">{c.positionName}</td>
                <td className="px-3 py-2">{c.startDate}</td>
                <td className="px-3 py-2">{c.endDate}</td>
                <td className="px-3 py-2">
                  {formatNumber(Number(c.fte), i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}
                </td>
                <td className="px-3 py-2">{c.hoursPerWeek ?? ""}</td>
                <td className="px-3 py-2">
                  {t(c.isTemporary ? "employees:contracts.temporary" : "employees:contracts.permanent")}
                </td>
                <td className="px-3 py-2">{t(c.isActive ? "employees:yes" : "employees:no")}</td>
                <td className="flex gap-3 px-3 py-2">
                  <Link to={`/personnel/user/${employeeId}/contracts/${c.id}`}>
                    {t("employees:contracts.edit")}
                    {which}
                  </Link>
                  <ConfirmLink
                    href={`/personnel/user/${employeeId}/contracts/${c.id}/delete`}
                    label={
                      <>
                        {t("employees:contracts.delete")}
                        {which}
                      </>
                    }
                    title={t("employees:contracts.deleteTitle")}
                  >
                    <ContractDeleteConfirm employeeId={employeeId} contract={c} />
                  </ConfirmLink>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
