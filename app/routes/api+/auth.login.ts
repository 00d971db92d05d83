import type { ActionFunctionArgs } from "@remix-run/node";
import { apiLoginSchema } from "~/features/auth/api-sign-in.schema";
import { apiSignIn } from "~/features/auth/api-sign-in.server";
import { methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7 POST /api/auth/login — a public route: API clients sign in here with e-mail, password (and the
 * second factor as `code`) and get a bearer token (docs/decisions/1411). Throttled like /login.
 */
export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readJsonBody(request, apiLoginSchema);
  return apiSignIn(request, input, context.clientIp);
}
