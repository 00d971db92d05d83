import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { employeeDetailTabs } from "~/features/employees/employees.schema";
import { getEmployee } from "~/features/employees/employee-person.server";
import { requireRight } from "~/utils/tenant.server";

/** /personnel/user/{id} (and the small-screen tab select, ?tab=) lead to a tab; details by default. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const employee = await getEmployee(ctx, params.id ?? "");
  const tab = new URL(request.url).searchParams.get("tab");
  return redirect(`/personnel/user/${employee.id}/${employeeDetailTabs.includes(tab as never) ? tab : "details"}`);
}

export { default } from "~/components/redirect-route";
