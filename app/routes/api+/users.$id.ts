import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiUpdateSchema } from "~/features/employees/employees-api.schema";
import { getEmployee, updateEmployeeNames } from "~/features/employees/employees.server";
import { requireRightForApi } from "~/utils/api-guard.server";

/** Spec §7: GET api/users/{id} (an employee of the current cluster, else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "users.manage");
  return { user: await getEmployee(ctx, params.id ?? "") };
}

/** PUT api/users/{id}: name, firstName, lastName, accountAdmin. JSON only (the CSRF check). */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "users.manage");
  if (request.method !== "PUT") return data({ error: "method" }, { status: 405 });
  if (!request.headers.get("Content-Type")?.startsWith("application/json")) {
    return data({ error: "contentType" }, { status: 415 });
  }
  const parsed = apiUpdateSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ error: "invalid" }, { status: 400 });
  const result = await updateEmployeeNames(ctx, params.id ?? "", parsed.data);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return { user: await getEmployee(ctx, params.id ?? "") };
}
