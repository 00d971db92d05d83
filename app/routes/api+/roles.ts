import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { roleList } from "~/features/employees/role-list.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";

/**
 * Spec §7 GET /api/roles (operation listRoles): the roles with id, key and level. Needs users.manage, like
 * the personnel pages that give roles (docs/decisions/1410).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRightForApi(request, "users.manage");
  return Response.json({ roles: await roleList() });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "users.manage");
  return methodNotAllowed(["GET"]);
}
