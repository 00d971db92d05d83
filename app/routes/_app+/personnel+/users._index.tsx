import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { employeeTabs } from "~/features/employees/employees.schema";
import { requireRight } from "~/utils/tenant.server";

/** /personnel/users (and the small-screen tab select, ?tab=) lead to a tab; active by default. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRight(request, "users.manage");
  const tab = new URL(request.url).searchParams.get("tab");
  return redirect(`/personnel/users/${employeeTabs.includes(tab as never) ? tab : "active"}`);
}

export { default } from "~/components/redirect-route";
