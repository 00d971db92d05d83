import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { positionSyncSchema } from "~/features/competences/competences.schema";
import { linkFailed } from "~/features/competences/link-failed.server";
import { syncPositionsFromTags } from "~/features/competences/position-competences-api.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRightForApi(request, "competences.manage", "competences");
  return methodNotAllowed(["POST"]);
}

/**
 * Spec §7 POST api/competences/positions/sync (tags), decision 1303: `{ positionIds, tagIds, level }` makes
 * each position's own requirements the active competences carrying any of the tags (new ones at `level`,
 * existing levels kept, others removed). A position or tag outside the cluster: 404 'Competence linking
 * failed' (spec §8) and nothing changed.
 */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "competences.manage", "competences");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, positionSyncSchema);
  return linkFailed(request, async () => Response.json({ positions: await syncPositionsFromTags(ctx, body) }));
}
