import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listPositionsForApi } from "~/features/positions/positions.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed, parseApiPaging } from "~/utils/api.server";

/** Spec §7 GET api/positions: the cluster's positions, paged (?page, ?pageSize up to 500). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "positions.read");
  const paging = parseApiPaging(new URL(request.url), { pageSize: 100, maxPageSize: 500 });
  return Response.json(await listPositionsForApi(ctx, paging));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "positions.read");
  return methodNotAllowed(["GET"]);
}
