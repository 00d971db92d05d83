import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CancelLink, ConfirmForm, useConfirmFrame } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/forms";
import { personName } from "~/utils/person-name";

/**
 * A person's delete and merge and a contract's delete: the confirmation pages' content, shown on the page
 * without JavaScript and in a dialog with it (1541).
 */
export function EmployeeDeleteConfirm({ employee }: { employee: { id: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <ConfirmForm
      submitLabel={t("employees:delete.submit")}
      cancelHref={`/personnel/user/${employee.id}/details`}
      cancelLabel={t("employees:cancel")}
    >
      <p>{t("employees:delete.question", { name: employee.name })}</p>
    </ConfirmForm>
  );
}

export type ContractToDelete = {
  employeeId: string;
  contract: { positionName: string; startDate: string; endDate: string };
};

export function ContractDeleteConfirm({ employeeId, contract }: ContractToDelete) {
  const { t } = useTranslation();
  return (
    <ConfirmForm
      submitLabel={t("employees:contracts.deleteSubmit")}
      cancelHref={`/personnel/user/${employeeId}/contracts`}
      cancelLabel={t("employees:cancel")}
    >
      <p>
        {t("employees:contracts.deleteQuestion", {
          position: contract.positionName,
          start: contract.startDate,
          end: contract.endDate,
        })}
      </p>
    </ConfirmForm>
  );
}

export type EmployeeMergeData = {
  q: string;
  employee: { id: string; name: string };
  candidates: { id: string; firstName: string; lastName: string; email: string }[];
};

/** Search the other person (GET, in place in a dialog), choose who remains, merge (POST). */
export function EmployeeMergeConfirm({ q, employee, candidates }: EmployeeMergeData) {
  const { t } = useTranslation();
  const frame = useConfirmFrame();
  const search = (event: FormEvent<HTMLFormElement>) => {
    if (!frame.inDialog) return;
    event.preventDefault();
    frame.reload(new URLSearchParams(new FormData(event.currentTarget) as unknown as string[][]));
  };
  return (
    <>
      <p className="mb-4">{t("employees:merge.intro", { name: employee.name })}</p>
      <Form method="get" action={frame.action} role="search" className="mb-4 flex items-end gap-3" onSubmit={search}>
        <div>
          <label htmlFor="merge-q" className="block font-medium">
            {t("employees:merge.search")}
          </label>
          <input
            id="merge-q"
            name="q"
            type="search"
            defaultValue={q}
            className="mt-1 rounded border border-gray-400 px-2 py-1"
          />
        </div>
        <Button variant="secondary">{t("employees:list.filter")}</Button>
      </Form>
      {q && candidates.length === 0 ? <p className="mb-4">{t("employees:merge.noCandidates")}</p> : null}
      {candidates.length > 0 ? (
        <Form method="post" action={frame.action} className="rounded bg-white p-6 shadow-sm">
          <fieldset className="mb-4">
            <legend className="mb-2 font-semibold">{t("employees:merge.other")}</legend>
            {candidates.map((c) => (
              <label key={c.id} className="flex items-center gap-2">
                <input type="radio" name="otherId" value={c.id} />
                {personName(c.firstName, c.lastName)} ({c.email})
              </label>
            ))}
          </fieldset>
          <fieldset className="mb-4">
            <legend className="mb-2 font-semibold">{t("employees:merge.keep")}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="keep" value="this" defaultChecked />
              {t("employees:merge.keepThis", { name: employee.name })}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="keep" value="other" />
              {t("employees:merge.keepOther")}
            </label>
          </fieldset>
          <div className="flex items-center gap-4">
            <Button>{t("employees:merge.submit")}</Button>
            <CancelLink href={`/personnel/user/${employee.id}/details`}>{t("employees:cancel")}</CancelLink>
          </div>
        </Form>
      ) : null}
    </>
  );
}
