import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUserForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";

/**
 * Spec §7 GET /api/init: the signed-in session as spec §3 describes it — the user (language, accountAdmin,
 * systemAdmin), the current cluster with its modules, the clusters to switch to, roles and rights in this
 * cluster (docs/decisions/1410). Only the caller's own session; nothing of anyone else.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUserForApi(request);
  return Response.json({
    user: {
      id: ctx.user.id,
      firstName: ctx.user.firstName,
      lastName: ctx.user.lastName,
      email: ctx.user.email,
      language: ctx.user.language,
      accountAdmin: ctx.user.isAccountAdmin,
      systemAdmin: ctx.user.isSystemAdmin,
    },
    account: { id: ctx.account.id, name: ctx.account.name, licenceStatus: ctx.account.licenceStatus },
    cluster: { id: ctx.cluster.id, name: ctx.cluster.name, modules: [...ctx.modules].sort().map((key) => ({ key })) },
    clusters: ctx.clusters,
    membershipId: ctx.membershipId,
    roles: [...ctx.roles].sort(),
    teamRoles: ctx.teamRoles,
    rights: [...ctx.rights].sort(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["GET"]);
}
