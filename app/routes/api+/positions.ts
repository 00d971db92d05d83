import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { organisationOperations } from "~/features/api/schemas/organisation";
import { listPositionsForApi } from "~/features/positions/positions.server";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";
import { readApiQuery } from "~/utils/json-body.server";

/** Spec §7 GET api/positions (operation listPositions): the cluster's positions, paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "positions.read");
  const paging = readApiQuery(request, organisationOperations.positions.query);
  return Response.json(await listPositionsForApi(ctx, paging));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "positions.read");
  return methodNotAllowed(["GET"]);
}
