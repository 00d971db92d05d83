import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/confirm-dialog";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { personName } from "~/utils/person-name";
import { employeeDetailsSchema } from "../employees.schema";
import { EmployeeDeleteConfirm, EmployeeMergeConfirm, type EmployeeMergeData } from "./employee-confirmations";
import { PersonFields, personFieldNames, usePersonLabels } from "./person-fields";

export type EmployeeDetails = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeNumber: string | null;
  phone: string | null;
  birthday: string;
  gender: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  language: string;
  loginType: string;
  invited: boolean;
  deleted: boolean;
};

/** The details tab: the person's fields, the invitation and the links to merge and delete. */
export function EmployeeDetailsTab({
  employee,
  pendingEmail,
  invitation,
  lastResult,
  warning,
}: {
  employee: EmployeeDetails;
  pendingEmail: string | null;
  invitation: string;
  lastResult?: SubmissionResult<string[]>;
  /** The values of the "this employee number is taken" question, once asked. */
  warning: Record<string, string> | null;
}) {
  const { t } = useTranslation();
  const labels = usePersonLabels();
  const name = personName(employee.firstName, employee.lastName, employee.email);
  const [form, fields] = useForm({
    id: "employee-details",
    lastResult,
    defaultValue: {
      firstName: employee.firstName,
      lastName: employee.lastName,
      email: employee.email,
      employeeNumber: employee.employeeNumber ?? "",
      phone: employee.phone ?? "",
      birthday: employee.birthday,
      gender: employee.gender ?? "",
      address: employee.address ?? "",
      zip: employee.zip ?? "",
      city: employee.city ?? "",
      country: employee.country ?? "",
      language: employee.language,
      loginType: employee.loginType,
    },
    constraint: getZodConstraint(employeeDetailsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: employeeDetailsSchema }),
  });
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={personFieldNames.map((n) => ({ id: fields[n].id, label: labels[n], errors: fields[n].errors }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value="details" />
        {pendingEmail ? (
          <p className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-3" data-testid="email-pending">
            {t("employees:details.emailPending", { email: pendingEmail })}
          </p>
        ) : null}
        <PersonFields fields={fields} employeeNumberHint={t("employees:details.employeeNumberHint")} />
        {warning ? (
          <div className="mb-4 rounded border-2 border-danger bg-danger-bg p-3">
            <label className="flex items-center gap-2 font-medium">
              <input type="checkbox" name="confirmEmployeeNumber" value="on" />
              {t("employees:details.confirmEmployeeNumber", warning)}
            </label>
          </div>
        ) : null}
        <Button>{t("employees:details.submit")}</Button>
      </Form>
      {!employee.deleted ? <InvitationPanel invited={employee.invited} invitation={invitation} /> : null}
      <div className="mt-6 flex flex-wrap gap-4">
        <ConfirmLink<EmployeeMergeData>
          href={`/personnel/user/${employee.id}/merge`}
          label={t("employees:merge.link")}
          title={t("employees:merge.title")}
          load={(data) => <EmployeeMergeConfirm {...data} />}
        />
        {!employee.deleted ? (
          <ConfirmLink
            href={`/personnel/user/${employee.id}/delete`}
            label={t("employees:delete.link")}
            title={t("employees:delete.title")}
          >
            <EmployeeDeleteConfirm employee={{ id: employee.id, name }} />
          </ConfirmLink>
        ) : null}
      </div>
    </>
  );
}

/** HR sees the invitation state and can (re)send or withdraw it (through the invitation service). */
function InvitationPanel({ invited, invitation }: { invited: boolean; invitation: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="invitation-heading" className="mt-6 rounded bg-white p-6 shadow-sm">
      <h2 id="invitation-heading" className="mb-2">
        {t("employees:invitation.label")}
      </h2>
      <p className="mb-3" data-testid="invitation-status">
        {t(`employees:invitation.status.${invitation}`)}
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="invite" />
          <Button variant="secondary">
            {t(invitation === "none" ? "employees:invitation.invite" : "employees:invitation.resend")}
          </Button>
        </Form>
        {invited || invitation === "pending" || invitation === "expired" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="uninvite" />
            <Button variant="secondary">{t("employees:invitation.uninvite")}</Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
