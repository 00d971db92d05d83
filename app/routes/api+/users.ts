import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiBulkActions, apiBulkSchema } from "~/features/employees/employees-api.schema";
import { personSchema } from "~/features/employees/employees.schema";
import {
  addPerson,
  getEmployee,
  listClusterOptions,
  listEmployeesForStore,
  runBulkAction,
} from "~/features/employees/employees.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { can } from "~/utils/tenant.server";
import { clusterRoleKeys } from "~/features/employees/employees.schema";

/**
 * Spec §7: GET api/users?for=store (users, roles, teams, tags), GET api/users?for=user (the signed-in
 * user's own employee record). Same guard as the pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "users.manage");
  const purpose = new URL(request.url).searchParams.get("for");
  if (purpose === "user") {
    if (!ctx.membershipId) return data({ error: "notFound" }, { status: 404 });
    return { user: await getEmployee(ctx, ctx.membershipId) };
  }
  if (purpose !== "store") return data({ error: "for" }, { status: 400 });
  const [users, options] = await Promise.all([listEmployeesForStore(ctx), listClusterOptions(ctx)]);
  return { users, roles: clusterRoleKeys, teams: options.teams, tags: options.tags };
}

/** JSON only, which a cross-site form cannot send: the content type is the CSRF check. */
async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; status: 400 | 415 }> {
  if (!request.headers.get("Content-Type")?.startsWith("application/json")) return { ok: false, status: 415 };
  try {
    return { ok: true, body: await request.json() };
  } catch {
    return { ok: false, status: 400 };
  }
}

/** POST api/users creates or connects a person (the wizard's rules); PUT api/users runs a bulk action. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "users.manage");
  const read = await readJson(request);
  if (!read.ok) return data({ error: "body" }, { status: read.status });
  const body = read.body;
  if (request.method === "POST") {
    const parsed = personSchema.safeParse(body);
    if (!parsed.success) {
      return data(
        { errors: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) },
        { status: 400 },
      );
    }
    const result = await addPerson(ctx, parsed.data);
    if (!result.ok) return data({ outcome: result.outcome, membershipId: result.membershipId }, { status: 409 });
    return data({ outcome: result.outcome, membershipId: result.membershipId }, { status: 201 });
  }
  if (request.method === "PUT") {
    const parsed = apiBulkSchema.safeParse(body);
    if (!parsed.success) return data({ error: "invalid" }, { status: 400 });
    const action = apiBulkActions[parsed.data.action];
    if (
      ["clusterAdminAdd", "clusterAdminRemove", "assignRoles"].includes(action) &&
      !can(ctx, "cluster_roles.manage")
    ) {
      return data({ error: "forbidden" }, { status: 403 });
    }
    const result = await runBulkAction(ctx, {
      action,
      ids: parsed.data.users,
      teamIds: parsed.data.teams,
      roleKeys: parsed.data.roles,
    });
    return data(result, { status: result.changed === 0 ? 422 : 200 });
  }
  return data({ error: "method" }, { status: 405 });
}
