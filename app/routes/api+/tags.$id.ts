import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tagSchema } from "~/features/tags/tags.schema";
import { bulkDeleteTags, getTag, listTagMembers, renameTag } from "~/features/tags/tags.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";
import { requireUuid } from "~/utils/not-found";

/** Spec §7 GET api/tags/{id}: the tag and its people; another cluster's tag is a 404 (docs/decisions/1410). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "tags.read");
  return answerJson(async () => {
    const tag = await getTag(ctx, requireUuid(params.id));
    return Response.json({ tag: { ...tag, members: await listTagMembers(ctx, tag.id) } });
  });
}

/**
 * Spec §7 PUT api/tags/{id} renames; DELETE /api/tags/{id} removes, except a system tag (spec §8) or one a
 * review round chose (its history stays, decision 0641): 409 with the reason, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "PUT") {
    const ctx = await requireRightForApi(request, "tags.update");
    return answerJson(async () => {
      const tag = await getTag(ctx, requireUuid(params.id));
      const body = await readJsonBody(request, tagSchema);
      const result = await renameTag(ctx, tag.id, body);
      if (!result.ok)
        return jsonError(409, "nameTaken", `A tag named "${body.name}" exists already.`, { name: body.name });
      return Response.json({ tag: { ...tag, name: body.name } });
    });
  }
  if (request.method === "DELETE") {
    const ctx = await requireRightForApi(request, "tags.delete");
    return answerJson(async () => {
      const result = await bulkDeleteTags(ctx, [requireUuid(params.id)]);
      if (result.skipped.length > 0) return jsonError(409, "systemTag", "A system tag cannot be removed.");
      if (result.usedInReviews.length > 0) {
        return jsonError(409, "usedInReviews", "A review round chose this tag; it stays for the review's history.");
      }
      return Response.json({ deleted: result.deleted });
    });
  }
  await requireRightForApi(request, "tags.read");
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
}
