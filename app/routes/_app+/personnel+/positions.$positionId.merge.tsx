import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRight } from "~/utils/tenant.server";
import { MergePage, mergeMeta } from "~/features/merge/merge-page";
import { mergeAction, mergeLoader, type MergeRoute } from "~/features/merge/merge-page.server";
import { positionMergePage } from "~/features/positions/components/position-confirmations";
import { getPosition, listPositionOptions, mergePositions } from "~/features/positions/positions.server";

export const handle = { i18n: ["positions", "validation"] };
export const meta = mergeMeta;

const page = positionMergePage;

const route: MergeRoute = {
  ...page,
  param: "positionId",
  item: "position",
  get: getPosition,
  list: listPositionOptions,
  merge: (ctx, { id, otherId, remainingId }, mode) =>
    mergePositions(ctx, { positionId: id, otherPositionId: otherId, remainingPositionId: remainingId }, mode),
  backHref: (id) => `/personnel/positions/${id}`,
  doneHref: (id) => `/personnel/positions/${id}`,
};

export async function loader(args: LoaderFunctionArgs) {
  return mergeLoader(await requireRight(args.request, "positions.manage"), args, route);
}
export async function action(args: ActionFunctionArgs) {
  return mergeAction(await requireRight(args.request, "positions.manage"), args, route);
}

export default function MergePositionPage() {
  return <MergePage {...page} />;
}
