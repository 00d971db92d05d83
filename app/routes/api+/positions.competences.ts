import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { positionAssignmentsSchema } from "~/features/competences/competences.schema";
import { linkFailed } from "~/features/competences/link-failed.server";
import { assignPositionCompetences } from "~/features/competences/position-competences-api.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRightForApi(request, "competences.manage", "competences");
  return methodNotAllowed(["POST"]);
}

/**
 * Spec §7 POST api/positions/competences ("assignment"): `{ assignments: [{ positionId, competenceId,
 * level }] }` sets (1–5) or clears (null) positions' own required levels, all or nothing. A position or
 * competence outside the cluster: 404 'Competence linking failed' (spec §8) and nothing saved.
 */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "competences.manage", "competences");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, positionAssignmentsSchema);
  return linkFailed(request, async () => Response.json(await assignPositionCompetences(ctx, body.assignments)));
}
