import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { updateSetFlag } from "~/features/criteria/criteria-sets.server";
import { requireRightForApi } from "~/utils/api-guard.server";

const bodySchema = z.object({ isActive: z.boolean() });

/** PUT /api/criteria-sets/{id} with { isActive } (spec §7); JSON errors, never redirects. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRightForApi(request, "sets.manage");
  if (request.method !== "PUT") return Response.json({ error: "method not allowed" }, { status: 405 });
  if (!params.id || !/^[0-9a-f-]{36}$/i.test(params.id)) return Response.json({ error: "not found" }, { status: 404 });
  const body = bodySchema.safeParse(await request.json().catch(() => null));
  if (!body.success) return Response.json({ error: "isActive must be true or false" }, { status: 400 });
  try {
    const set = await updateSetFlag(ctx, params.id, { isActive: body.data.isActive });
    return Response.json({ id: set.id, isActive: set.isActive });
  } catch (error) {
    if (error instanceof Response && error.status === 404)
      return Response.json({ error: "not found" }, { status: 404 });
    throw error;
  }
}

export async function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405 });
}
