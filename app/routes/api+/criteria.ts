import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getCriteriaStore } from "~/features/criteria/store.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed } from "~/utils/api.server";

/**
 * GET api/criteria?for=store (spec §7): criteria (with tags and selected/disabled/belongsToSet), sets (team
 * leaders: only those visible to them), flow settings, criteria tags; `&set={id}` sets the flags for that
 * set (docs/decisions/1663).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "criteria.read");
  const params = new URL(request.url).searchParams;
  if (params.get("for") !== "store") {
    return jsonError(400, "invalidFor", "Use ?for=store.");
  }
  const set = params.get("set") ?? undefined;
  return answerJson(async () => Response.json(await getCriteriaStore(ctx, set)));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "criteria.read");
  return methodNotAllowed(["GET"]);
}
