import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRight } from "~/utils/tenant.server";
import { SplitPage, splitMeta } from "~/features/merge/split-page";
import { splitAction, splitLoader, type SplitRoute } from "~/features/merge/split-page.server";
import { tagSplitPage } from "~/features/tags/components/tag-confirmations";
import { getTag, listTagMembers, splitTag } from "~/features/tags/tags.server";

export const handle = { i18n: ["tags", "validation"] };
export const meta = splitMeta;

const page = tagSplitPage;

const route: SplitRoute = {
  ...page,
  param: "id",
  item: "tag",
  get: getTag,
  people: listTagMembers,
  split: splitTag,
  backHref: (id) => `/personnel/tags/${id}`,
  doneHref: (id) => `/personnel/tags/${id}`,
};

export async function loader(args: LoaderFunctionArgs) {
  return splitLoader(await requireRight(args.request, "tags.manage"), args, route);
}
export async function action(args: ActionFunctionArgs) {
  return splitAction(await requireRight(args.request, "tags.manage"), args, route);
}

export default function SplitTagPage() {
  return <SplitPage {...page} />;
}
