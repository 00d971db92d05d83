import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiBulkActions, assignedRoleKeys } from "~/features/employees/employees-api.schema";
import { peopleOperations } from "~/features/api/schemas/people";
import { employeeListFilterOf } from "~/features/employees/employee-list-filter";
import { employeeForApi, storeUsersForApi } from "~/features/employees/employee-api.server";
import { roleList } from "~/features/employees/role-list.server";
import { runBulkAction } from "~/features/employees/employee-bulk.server";
import { listClusterOptions, listEmployeesForStore } from "~/features/employees/employee-list.server";
import { addPerson, throttledLookup } from "~/features/employees/employee-person.server";
import { requireRightForApi, requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, jsonNotFound, methodNotAllowed } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import { readApiQuery, readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7: GET api/users?for=store (users, roles, teams, tags; the list page's filters apply), GET
 * api/users?for=user (the signed-in user's own employee record, for every signed-in user). Shapes: 1652.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Who asks and what they may do come before the query's checks (401, then 403, then 400): only the own
  // record (spec §7 ?for=user) is everyone's, an employee's too; the rest needs users.manage.
  const own = await requireUserForApi(request);
  if (new URL(request.url).searchParams.get("for") === "user") {
    readApiQuery(request, peopleOperations.list.query);
    if (!own.membershipId) return jsonNotFound();
    return answerJson(async () => Response.json(await employeeForApi(own, own.membershipId!)));
  }
  const ctx = await requireRightForApi(request, "users.manage");
  const query = readApiQuery(request, peopleOperations.list.query);
  return answerJson(async () => {
    // The page's list filter (?q, team, tag, status, access, role): without one, every employee.
    const filter = employeeListFilterOf(query);
    const [rows, options, roles] = await Promise.all([
      listEmployeesForStore(ctx, filter),
      listClusterOptions(ctx),
      roleList(),
    ]);
    const users = await storeUsersForApi(ctx, rows);
    return Response.json({ users, roles, teams: options.teams, tags: options.tags });
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
    const body = await readJsonBody(request, peopleOperations.create.body);
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
    const body = await readJsonBody(request, peopleOperations.bulk.body);
    const action = apiBulkActions[body.action];
    const result = await runBulkAction(ctx, {
      action,
      ids: body.users,
      teamIds: body.teams,
      roleKeys: assignedRoleKeys(body),
      clusterRole: body.role,
      teamRole: body.action === "teams" ? (body.assignment as "team_member" | "team_admin" | undefined) : undefined,
    });
    // Role changes follow the one rule in the service (docs/decisions/0620).
    if (result.denied) return jsonError(403, "forbidden", "You may not give or take these roles.");
    if (result.changed > 0) return Response.json(result);
    // Nothing changed: the spec's text ('Geen gebruiker geupdate', 'Geen gebruikers gedeactiveerd', …, §8).
    const t = await getServerT(request);
    return jsonError(422, "noChange", result.errorKey ? t(result.errorKey) : t("employees:bulk.errors.failed"), {
      ...result,
    });
  }
  return methodNotAllowed(["GET", "POST", "PUT"]);
}
