import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiTagsBulkDestroySchema } from "~/features/tags/tags.schema";
import { bulkDeleteTags } from "~/features/tags/tags.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7 POST /api/tags/bulk-destroy: removes the chosen tags in one transaction, skipping system tags and
 * tags of review rounds, which the answer names (as the tags page does). An id of another cluster is a 404
 * and nothing is removed (docs/decisions/1410).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    await requireRightForApi(request, "tags.delete");
    return methodNotAllowed(["POST"]);
  }
  const ctx = await requireRightForApi(request, "tags.delete");
  return answerJson(async () => {
    const body = await readJsonBody(request, apiTagsBulkDestroySchema);
    return Response.json(await bulkDeleteTags(ctx, body.tags));
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRightForApi(request, "tags.delete");
  return methodNotAllowed(["POST"]);
}
