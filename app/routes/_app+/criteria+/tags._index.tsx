import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tagNameSchema } from "~/features/criteria/criteria.schema";
import { criteriaTags } from "~/features/criteria/criteria-tags.server";
import { TagsPage, tagsMeta, type TagsPageConfig } from "~/features/tags/components/tags-page";
import { tagsAction, tagsLoader, type TagsRoute } from "~/features/tags/tags-page.server";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta = tagsMeta;

const page: TagsPageConfig = {
  ns: "criteria",
  formId: "new-tag",
  schema: tagNameSchema,
  basePath: "/criteria/tags",
  count: { label: "criteria:tags.criteriaCount" },
  showSystem: true,
};
const route: TagsRoute = { ...page, service: criteriaTags };

export async function loader({ request }: LoaderFunctionArgs) {
  return tagsLoader(await requireRight(request, "tags.manage"), request, route);
}

export async function action({ request }: ActionFunctionArgs) {
  return tagsAction(await requireRight(request, "tags.manage"), request, route);
}

export default function CriteriaTagsPage() {
  return <TagsPage {...page} />;
}
