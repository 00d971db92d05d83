import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRight } from "~/utils/tenant.server";
import { MergePage, mergeMeta } from "~/features/merge/merge-page";
import { mergeAction, mergeLoader, type MergeRoute } from "~/features/merge/merge-page.server";
import { tagMergePage } from "~/features/tags/components/tag-confirmations";
import { getTag, listTags, mergeTags } from "~/features/tags/tags.server";

export const handle = { i18n: ["tags", "validation"] };
export const meta = mergeMeta;

const page = tagMergePage;

const route: MergeRoute = {
  ...page,
  param: "id",
  item: "tag",
  get: getTag,
  list: listTags,
  merge: (ctx, { id, otherId, remainingId }, mode) =>
    mergeTags(ctx, { tagId: id, otherTagId: otherId, remainingTagId: remainingId }, mode),
  backHref: (id) => `/personnel/tags/${id}`,
  doneHref: (id) => `/personnel/tags/${id}`,
};

export async function loader(args: LoaderFunctionArgs) {
  return mergeLoader(await requireRight(args.request, "tags.manage"), args, route);
}
export async function action(args: ActionFunctionArgs) {
  return mergeAction(await requireRight(args.request, "tags.manage"), args, route);
}

export default function MergeTagPage() {
  return <MergePage {...page} />;
}
