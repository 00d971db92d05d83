import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmployeeDetailsTab } from "~/features/employees/components/employee-details-tab";
import { employeeDetailsSchema } from "~/features/employees/employees.schema";
import { runBulkAction } from "~/features/employees/employee-bulk.server";
import { updateEmployee } from "~/features/employees/employee-person.server";
import { answerEmployeeTab, loadEmployeeTab } from "~/features/employees/employee-tabs.server";
import { invitationStatusOf } from "~/features/invitations/invitation-status.server";
import { PersonalDataLinks } from "~/features/privacy/components/personal-data-links";
import { latestPersonalDataExport } from "~/features/privacy/personal-data-exports.server";
import { pendingEmailChange } from "~/features/people/email-change.server";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalStatus } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["employees", "validation", "audit"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const { employee, title } = await loadEmployeeTab(ctx, request, params.id, "details");
  // Only account admins export someone else's data (issue 35).
  const mayExportData = ctx.user.isAccountAdmin;
  const [invitations, pendingEmail, latestExport] = await Promise.all([
    invitationStatusOf(ctx, [employee.id]),
    pendingEmailChange(employee.userId),
    mayExportData ? latestPersonalDataExport(ctx, employee.userId) : null,
  ]);
  return {
    title,
    employee,
    invitation: invitations.get(employee.id) ?? "none",
    pendingEmail,
    mayExportData,
    latestExport,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  return answerEmployeeTab(ctx, request, params.id, "details", {
    details: async ({ employee, formData, intent, here }) => {
      const submission = parseWithZod(formData, { schema: employeeDetailsSchema });
      if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
      const result = await writeOrRefuse("update", "person", () => updateEmployee(ctx, employee.id, submission.value));
      if (!result.ok) {
        return data(
          {
            intent,
            warning: "warning" in result ? result.values : null,
            reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }),
          },
          { status: refusalStatus(result) },
        );
      }
      return redirectWithToast(here, {
        key: result.emailPending ? "employees:details.savedEmailPending" : "employees:details.saved",
      });
    },
    invite: invitation,
    uninvite: invitation,
  });

  async function invitation({ employee, intent, here }: { employee: { id: string }; intent: string; here: string }) {
    const result = await runBulkAction(ctx, { action: intent as "invite" | "uninvite", ids: [employee.id] });
    return redirectWithToast(
      here,
      result.errorKey
        ? { type: "error", key: result.errorKey }
        : { key: intent === "invite" ? "employees:invitation.sent" : "employees:invitation.revoked" },
    );
  }
}

export default function EmployeeDetailsRoute() {
  const { employee, pendingEmail, invitation, mayExportData, latestExport } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <EmployeeDetailsTab
        // A saved change of address or its confirmation starts the form afresh from the stored values.
        key={`${employee.email}|${pendingEmail ?? ""}`}
        employee={employee}
        pendingEmail={pendingEmail}
        invitation={invitation}
        lastResult={actionData?.reply}
        warning={actionData && "warning" in actionData ? (actionData.warning as Record<string, string> | null) : null}
      />
      {mayExportData ? (
        <PersonalDataLinks
          userId={employee.userId}
          own={false}
          eraseHref={`/personnel/user/${employee.id}/erase`}
          latest={latestExport}
        />
      ) : null}
    </>
  );
}
