import type { ActionFunctionArgs } from "@remix-run/node";
import { criteriaSetOperations } from "~/features/api/schemas/criteria-sets";
import { updateSetFlag } from "~/features/criteria/criteria-sets.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, jsonNotFound, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";
import { isUuid } from "~/utils/not-found";

/** PUT /api/criteria-sets/{id} with { isActive } (spec §7, operation updateCriteriaSet); JSON errors, never redirects. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "sets.manage");
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  if (!isUuid(params.id)) return jsonNotFound();
  const id = params.id;
  const body = await readJsonBody(request, criteriaSetOperations.updateCriteriaSet.body);
  return answerJson(async () => {
    const set = await updateSetFlag(ctx, id, { isActive: body.isActive });
    return Response.json({ id: set.id, isActive: set.isActive });
  });
}

export async function loader() {
  return methodNotAllowed(["PUT"]);
}
