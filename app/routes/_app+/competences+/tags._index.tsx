import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { competenceTagService } from "~/features/competences/competence-tags.server";
import { competenceTagSchema } from "~/features/competences/competences.schema";
import { TagsPage, tagsMeta, type TagsPageConfig } from "~/features/tags/components/tags-page";
import { tagsAction, tagsLoader, type TagsRoute } from "~/features/tags/tags-page.server";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta = tagsMeta;

const page: TagsPageConfig = {
  ns: "competences",
  formId: "new-competence-tag",
  schema: competenceTagSchema,
  basePath: "/competences/tags",
  count: { label: "competences:tags.count", href: (id) => `/competences/book?tag=${id}` },
  back: { href: "/competences/book", label: "competences:book.back" },
  intro: "competences:tags.intro",
};
const route: TagsRoute = { ...page, service: competenceTagService };

/** Competence tags (docs/decisions/1302): listed and added with competences.manage. */
export async function loader({ request }: LoaderFunctionArgs) {
  return tagsLoader(await requireModule(request, "competences", "competences.manage"), request, route);
}

export async function action({ request }: ActionFunctionArgs) {
  return tagsAction(await requireModule(request, "competences", "competences.manage"), request, route);
}

export default function CompetenceTagsPage() {
  return <TagsPage {...page} />;
}
