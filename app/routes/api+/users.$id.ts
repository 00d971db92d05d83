import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiUpdateSchema } from "~/features/employees/employees-api.schema";
import { employeeForApi } from "~/features/employees/employee-api.server";
import { getEmployee, updateEmployeeNames } from "~/features/employees/employee-person.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/** Spec §7: GET api/users/{id} (an employee of the current cluster, else 404), unwrapped (1652). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "users.manage");
  return answerJson(async () => Response.json(await employeeForApi(ctx, params.id ?? "")));
}

/** PUT api/users/{id}: name, firstName, lastName, accountAdmin. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "users.manage");
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return answerJson(async () => {
    const id = params.id ?? "";
    // Scope first: another tenant's id is a 404 whatever the body holds.
    await getEmployee(ctx, id);
    const body = await readJsonBody(request, apiUpdateSchema);
    const result = await updateEmployeeNames(ctx, id, body);
    if (!result.ok) return jsonError(result.status, result.error, "This change is not allowed.");
    return Response.json(await employeeForApi(ctx, id));
  });
}
