import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tagOperations } from "~/features/api/schemas/tags";
import { createApiTags, listApiTags } from "~/features/tags/api-tags.server";
import { apiTagsCreateSchema } from "~/features/tags/tags.schema";
import { requireRightForApi } from "~/utils/api-guard.server";
import { jsonError, methodNotAllowed, pageOfList } from "~/utils/api.server";
import { readApiQuery, readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7 GET /api/tags: the cluster's personnel tags (with their number of people) and criteria tags (with
 * their criteria), ?kind= for one of them; paged (decisions 1410, 1750, 1752).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "tags.read");
  const { kind, ...paging } = readApiQuery(request, tagOperations.listTags.query);
  const { rows, ...page } = pageOfList(await listApiTags(ctx, kind), paging);
  return Response.json({ tags: rows, ...page });
}

/**
 * Spec §7 POST api/tags: a single tag or an array, personnel or criteria tags (`kind`, decision 1851), all or
 * none; a name that exists is a 409 naming it.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    await requireRightForApi(request, "tags.read");
    return methodNotAllowed(["GET", "POST"]);
  }
  const ctx = await requireRightForApi(request, "tags.create");
  const body = await readJsonBody(request, apiTagsCreateSchema);
  const many = Array.isArray(body);
  const result = await createApiTags(ctx, many ? body : [body]);
  if (!result.ok) {
    const { name } = result;
    return jsonError(409, "nameTaken", `A tag named "${name}" exists already.`, { name });
  }
  return Response.json(many ? { tags: result.tags } : { tag: result.tags[0] }, { status: 201 });
}
