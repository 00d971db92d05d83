import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmployeeTeamsTab } from "~/features/employees/components/employee-teams-tab";
import { teamPlaceSchema } from "~/features/employees/employees.schema";
import { addTeamPlace, listTeamPlaces, removeTeamPlace } from "~/features/employees/employee-assignments.server";
import { listClusterOptions } from "~/features/employees/employee-list.server";
import { answerEmployeeTab, loadEmployeeTab } from "~/features/employees/employee-tabs.server";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalStatus } from "~/utils/refusal.server";
import { writeOrRedirect, writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const { employee, title } = await loadEmployeeTab(ctx, request, params.id, "teams");
  const [teamPlaces, options] = await Promise.all([listTeamPlaces(ctx, employee.id), listClusterOptions(ctx)]);
  return { title, teamPlaces, teams: options.teams };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  return answerEmployeeTab(ctx, request, params.id, "teams", {
    addTeam: async ({ employee, formData, intent, here }) => {
      const submission = parseWithZod(formData, { schema: teamPlaceSchema });
      if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
      const result = await writeOrRefuse("assign", "team", () => addTeamPlace(ctx, employee.id, submission.value));
      if (!result.ok) {
        return data(
          { intent, reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }) },
          { status: refusalStatus(result) },
        );
      }
      return redirectWithToast(here, { key: "employees:teams.added" });
    },
    removeTeam: async ({ employee, formData, here }) => {
      const result = await writeOrRedirect("assign", "team", request, () =>
        removeTeamPlace(ctx, employee.id, String(formData.get("assignmentId") ?? "")),
      );
      return redirectWithToast(
        here,
        result.ok ? { key: "employees:teams.removed" } : { type: "error", key: result.errorKey },
      );
    },
  });
}

export default function EmployeeTeamsRoute() {
  const { teamPlaces, teams } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <EmployeeTeamsTab
      teamPlaces={teamPlaces}
      teams={teams}
      lastResult={actionData && "reply" in actionData ? actionData.reply : undefined}
    />
  );
}
