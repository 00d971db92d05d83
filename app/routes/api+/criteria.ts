import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCriteriaStore } from "~/features/criteria/store.server";
import { requireRightForApi } from "~/utils/api-guard.server";

/** GET api/criteria?for=store (spec §7): criteria, sets (team leaders: only those visible to them), flow, tags. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "criteria.read");
  if (new URL(request.url).searchParams.get("for") !== "store") {
    return Response.json({ error: "unknown view" }, { status: 400 });
  }
  return Response.json(await getCriteriaStore(ctx));
}
