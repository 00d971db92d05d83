import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiBulkActions, apiBulkSchema } from "~/features/employees/employees-api.schema";
import { parseEmployeeListFilter } from "~/features/employees/employee-list-filter";
import { clusterRoleKeys, personSchema } from "~/features/employees/employees.schema";
import { runBulkAction } from "~/features/employees/employee-bulk.server";
import { listClusterOptions, listEmployeesForStore } from "~/features/employees/employee-list.server";
import { addPerson, getEmployee, throttledLookup } from "~/features/employees/employee-person.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, jsonNotFound, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7: GET api/users?for=store (users, roles, teams, tags; the list page's filters apply), GET
 * api/users?for=user (the signed-in user's own employee record). Same guard as the pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "users.manage");
  const { searchParams } = new URL(request.url);
  const purpose = searchParams.get("for");
  return answerJson(async () => {
    if (purpose === "user") {
      if (!ctx.membershipId) return jsonNotFound();
      return Response.json({ user: await getEmployee(ctx, ctx.membershipId) });
    }
    if (purpose !== "store") return jsonError(400, "invalidFor", "Use ?for=store or ?for=user.");
    // The page's list filter (?q, team, tag, status, access, role): without one, every employee.
    const filter = parseEmployeeListFilter(searchParams);
    const [users, options] = await Promise.all([listEmployeesForStore(ctx, filter), listClusterOptions(ctx)]);
    return Response.json({ users, roles: clusterRoleKeys, teams: options.teams, tags: options.tags });
  });
}

function tooManyLookups(retryAfter: number) {
  const answer = jsonError(429, "tooManyAttempts", "Too many look-ups by e-mail; try again later.");
  answer.headers.set("Retry-After", String(retryAfter));
  return answer;
}

/** POST api/users creates or connects a person (the wizard's rules); PUT api/users runs a bulk action. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "users.manage");
  if (request.method === "POST") {
    const body = await readJsonBody(request, personSchema);
    const checked = await throttledLookup(
      ctx,
      () => addPerson(ctx, body),
      (added) => added.ok,
    );
    if (checked.limited) return tooManyLookups(checked.retryAfter);
    const result = checked.value;
    return Response.json(
      { outcome: result.outcome, membershipId: result.membershipId },
      { status: result.ok ? 201 : 409 },
    );
  }
  if (request.method === "PUT") {
    const body = await readJsonBody(request, apiBulkSchema);
    const action = apiBulkActions[body.action];
    const result = await runBulkAction(ctx, {
      action,
      ids: body.users,
      teamIds: body.teams,
      roleKeys: body.roles,
    });
    // Role changes follow the one rule in the service (docs/decisions/0620).
    if (result.denied) return jsonError(403, "forbidden", "You may not give or take these roles.");
    return Response.json(result, { status: result.changed === 0 ? 422 : 200 });
  }
  return methodNotAllowed(["GET", "POST", "PUT"]);
}
