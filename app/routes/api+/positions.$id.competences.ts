import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requiredCompetencesOf } from "~/features/competences/position-competences-api.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { requireUuid } from "~/utils/not-found";

/**
 * Spec §7 GET api/positions/{id}/competences: the competences the position requires, own and inherited
 * (docs/decisions/1060), with competences.read; another cluster's position is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "competences.read", "competences");
  return answerJson(async () => Response.json(await requiredCompetencesOf(ctx, requireUuid(params.id))));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "competences.read", "competences");
  return methodNotAllowed(["GET"]);
}
