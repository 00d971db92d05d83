import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tokenAnswer } from "~/features/auth/api-sign-in.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { jsonError, methodNotAllowed } from "~/utils/api.server";
import { bearerToken, rotateApiSession } from "~/utils/session.server";

/**
 * Spec §7 POST /api/auth/refresh: a valid bearer token is exchanged for a new one and stops working itself
 * (docs/decisions/1411). A browser's cookie session gets no token here: tokens come only from a sign-in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireUserForApi(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!bearerToken(request)) return jsonError(400, "bearerRequired", "Send the token to refresh as a bearer token.");
  const next = await rotateApiSession(ctx.sessionId, request, context.clientIp);
  if (!next) return jsonError(401, "invalidToken", "The access token is invalid or has expired; sign in again.");
  return Response.json(tokenAnswer(next.token, next.expiresAt), { headers: { "Cache-Control": "no-store" } });
}
