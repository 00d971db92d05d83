import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MergePage, mergeMeta, type MergePageConfig } from "~/features/merge/merge-page";
import { mergeAction, mergeLoader, type MergeRoute } from "~/features/merge/merge-page.server";
import { positionMergeSchema } from "~/features/positions/positions.schema";
import { getPosition, listPositionOptions, mergePositions } from "~/features/positions/positions.server";

export const handle = { i18n: ["positions", "validation"] };
export const meta = mergeMeta;

const page: MergePageConfig = {
  ns: "positions",
  formId: "position-merge",
  schema: positionMergeSchema,
  otherField: "otherPositionId",
  backLabel: "positions:backToPosition",
};

const route: MergeRoute = {
  ...page,
  right: "positions.manage",
  param: "positionId",
  get: getPosition,
  list: listPositionOptions,
  merge: (ctx, { id, otherId, remainingId }, mode) =>
    mergePositions(ctx, { positionId: id, otherPositionId: otherId, remainingPositionId: remainingId }, mode),
  backHref: (id) => `/personnel/positions/${id}`,
  doneHref: (id) => `/personnel/positions/${id}`,
};

export const loader = (args: LoaderFunctionArgs) => mergeLoader(args, route);
export const action = (args: ActionFunctionArgs) => mergeAction(args, route);

export default function MergePositionPage() {
  return <MergePage {...page} />;
}
