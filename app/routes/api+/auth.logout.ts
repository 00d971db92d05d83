import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUserForApi } from "~/utils/api-guard.server";
import { jsonError, methodNotAllowed } from "~/utils/api.server";
import { bearerToken, endApiSession } from "~/utils/session.server";

/**
 * POST /api/auth/logout (not in spec §7; decision 1411): a script ends its own bearer token at once instead
 * of waiting for its idle expiry. Browser sessions sign out through the page's logout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireUserForApi(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!bearerToken(request)) return jsonError(400, "bearerRequired", "Send the token to end as a bearer token.");
  await endApiSession(ctx.sessionId);
  return new Response(null, { status: 204 });
}
