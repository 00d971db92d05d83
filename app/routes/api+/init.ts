import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { sessionSummary } from "~/features/auth/api-sign-in.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";

/** Spec §7 GET /api/init: the caller's own session (docs/decisions/1410), as sessionSummary describes it. */
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(sessionSummary(await requireUserForApi(request)));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["GET"]);
}
