import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requiredCompetencesOf } from "~/features/competences/position-competences-api.server";
import { getPosition } from "~/features/positions/positions.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { requireUuid } from "~/utils/not-found";

/**
 * Spec §7 GET api/positions/{id} (spec §3 Position: id, name, code, parent, levels, contractsCount, and
 * with the competences module its required competences); another cluster's position is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "positions.read");
  return answerJson(async () => {
    const position = await getPosition(ctx, requireUuid(params.id));
    const competences = ctx.modules.has("competences")
      ? (await requiredCompetencesOf(ctx, position.id)).competences
      : undefined;
    return Response.json({ position: { ...position, competences } });
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "positions.read");
  return methodNotAllowed(["GET"]);
}
