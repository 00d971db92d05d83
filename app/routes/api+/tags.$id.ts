import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteCriteriaTag, getCriteriaTag, renameCriteriaTag } from "~/features/criteria/criteria-tags.server";
import { apiTagKindOf, listApiTags } from "~/features/tags/api-tags.server";
import { tagSchema } from "~/features/tags/tags.schema";
import { bulkDeleteTags, getTag, listTagMembers, renameTag } from "~/features/tags/tags.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7 GET api/tags/{id}: a personnel tag with its people, or a criteria tag with its criteria (decision
 * 1752); another cluster's tag is a 404 (docs/decisions/1410).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "tags.read");
  return answerJson(async () => {
    const id = params.id ?? "";
    if ((await apiTagKindOf(ctx, id)) === "criteria") {
      const { name, isSystem, criteria } = (await listApiTags(ctx, "criteria")).find((t) => t.id === id)!;
      return Response.json({ tag: { id, name, isSystem, kind: "criteria", criteria } });
    }
    const tag = await getTag(ctx, id);
    return Response.json({ tag: { ...tag, kind: "personnel", criteria: [], members: await listTagMembers(ctx, id) } });
  });
}

/**
 * Spec §7 PUT api/tags/{id} renames; DELETE /api/tags/{id} removes, except a system tag (spec §8) or a
 * personnel tag a review round chose (its history stays, decision 0641): 409 with the reason, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method === "PUT") {
    const ctx = await requireRightForApi(request, "tags.update");
    return answerJson(async () => {
      const id = params.id ?? "";
      const kind = await apiTagKindOf(ctx, id);
      const body = await readJsonBody(request, tagSchema);
      const result =
        kind === "personnel" ? await renameTag(ctx, id, body) : await renameCriteriaTag(ctx, id, body.name);
      if (!result.ok)
        return jsonError(409, "nameTaken", `A tag named "${body.name}" exists already.`, { name: body.name });
      const tag = kind === "personnel" ? await getTag(ctx, id) : await getCriteriaTag(ctx, id);
      return Response.json({ tag: { ...tag, kind } });
    });
  }
  if (request.method === "DELETE") {
    const ctx = await requireRightForApi(request, "tags.delete");
    return answerJson(async () => {
      const id = params.id ?? "";
      if ((await apiTagKindOf(ctx, id)) === "criteria") {
        const result = await deleteCriteriaTag(ctx, id);
        if (!result.ok) return jsonError(409, "systemTag", "A system tag cannot be removed.");
        return Response.json({ deleted: 1 });
      }
      const result = await bulkDeleteTags(ctx, [id]);
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
