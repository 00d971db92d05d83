import { getServerT } from "~/utils/i18n.server";
import { detailPageTitle } from "~/utils/page-title";
import type { TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getEmployee, restoreEmployee } from "./employee-person.server";
import type { EmployeeDetailTab } from "./employees.schema";
import { readForm } from "~/utils/read-form.server";
import { personName } from "~/utils/person-name";

/*
 * What the tab routes of /personnel/user/{id}/{tab} share (docs/decisions/0710): each tab route guards
 * itself, then loads the employee through here, so an id outside the actor's cluster is a 404 on every tab.
 */

type Employee = Awaited<ReturnType<typeof getEmployee>>;

export function employeeName(employee: Pick<Employee, "firstName" | "lastName" | "email">): string {
  return personName(employee.firstName, employee.lastName, employee.email);
}

/** The page header: who this is and whether they were removed. */
export async function loadEmployeeHeader(ctx: TenantContext, id: string | undefined) {
  const employee = await getEmployee(ctx, id ?? "");
  return {
    name: employeeName(employee),
    employee: {
      id: employee.id,
      status: employee.status,
      access: employee.access,
      deleted: employee.deletedAt !== null,
    },
  };
}

/** The employee of a tab's loader, for the browser (the deletion date stays on the server), and the tab's title. */
export async function loadEmployeeTab(
  ctx: TenantContext,
  request: Request,
  id: string | undefined,
  tab: EmployeeDetailTab,
) {
  const { deletedAt, ...employee } = await getEmployee(ctx, id ?? "");
  const t = await getServerT(request);
  return {
    employee: { ...employee, deleted: deletedAt !== null },
    title: detailPageTitle(t, employeeName(employee), `employees:detail.tabs.${tab}`),
  };
}

export type EmployeeTabForm = { employee: Employee; formData: FormData; intent: string; here: string };

/**
 * A tab's action: the form's `intent` picks one of the tab's own handlers. The page header's restore button
 * posts to whichever tab is open, so every tab answers it; any other intent is a 400.
 */
export async function answerEmployeeTab<Intents extends Record<string, (form: EmployeeTabForm) => Promise<unknown>>>(
  ctx: TenantContext,
  request: Request,
  id: string | undefined,
  tab: EmployeeDetailTab,
  intents: Intents,
): Promise<Awaited<ReturnType<Intents[keyof Intents]>> | Response> {
  const employee = await getEmployee(ctx, id ?? "");
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const here = `/personnel/user/${employee.id}/${tab}`;
  if (intent === "restore") {
    await restoreEmployee(ctx, employee.id);
    return redirectWithToast(here, { key: "employees:restore.done" });
  }
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) throw new Response("Bad request", { status: 400 });
  return handler({ employee, formData, intent, here }) as Promise<Awaited<ReturnType<Intents[keyof Intents]>>>;
}
