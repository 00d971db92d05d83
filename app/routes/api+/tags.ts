import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiTagsCreateSchema } from "~/features/tags/tags.schema";
import { createTags, listTags } from "~/features/tags/tags.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { jsonError, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/** Spec §7 GET /api/tags: the cluster's personnel tags with their number of people (docs/decisions/1410). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "tags.read");
  return Response.json({ tags: await listTags(ctx) });
}

/** Spec §7 POST api/tags: a single tag or an array, all or none; a name that exists is a 409 naming it. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    await requireRightForApi(request, "tags.read");
    return methodNotAllowed(["GET", "POST"]);
  }
  const ctx = await requireRightForApi(request, "tags.create");
  const body = await readJsonBody(request, apiTagsCreateSchema);
  const many = Array.isArray(body);
  const result = await createTags(
    ctx,
    (many ? body : [body]).map((t) => t.name),
  );
  if (!result.ok) {
    const name = "name" in result ? result.name : "";
    return jsonError(409, "nameTaken", `A tag named "${name}" exists already.`, { name });
  }
  return Response.json(many ? { tags: result.tags } : { tag: result.tags[0] }, { status: 201 });
}
