import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { criteriaOperations } from "~/features/api/schemas/criteria";
import { getCriteriaStore } from "~/features/criteria/store.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readApiQuery } from "~/utils/json-body.server";

/**
 * GET api/criteria?for=store (spec §7): criteria (with tags and selected/disabled/belongsToSet), sets (team
 * leaders: only those visible to them), flow settings, criteria tags; `&set={id}` sets the flags for that
 * set (docs/decisions/1663).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "criteria.read");
  const { set } = readApiQuery(request, criteriaOperations.getCriteriaStore.query);
  return answerJson(async () => Response.json(await getCriteriaStore(ctx, set)));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "criteria.read");
  return methodNotAllowed(["GET"]);
}
