import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { POSITIONS_API_PAGE } from "~/features/api/schemas/organisation";
import { listPositionsForApi } from "~/features/positions/positions.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed, parseApiPaging } from "~/utils/api.server";

/** Spec §7 GET api/positions (operation listPositions): the cluster's positions, paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "positions.read");
  const paging = parseApiPaging(new URL(request.url), {
    pageSize: POSITIONS_API_PAGE.fallback,
    maxPageSize: POSITIONS_API_PAGE.max,
  });
  return Response.json(await listPositionsForApi(ctx, paging));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "positions.read");
  return methodNotAllowed(["GET"]);
}
