import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getCriteriaStore } from "~/features/criteria/store.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { jsonError, methodNotAllowed } from "~/utils/api.server";

/** GET api/criteria?for=store (spec §7): criteria, sets (team leaders: only those visible to them), flow, tags. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "criteria.read");
  if (new URL(request.url).searchParams.get("for") !== "store") {
    return jsonError(400, "invalidFor", "Use ?for=store.");
  }
  return Response.json(await getCriteriaStore(ctx));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "criteria.read");
  return methodNotAllowed(["GET"]);
}
