import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { readForm } from "~/utils/read-form.server";
import type { Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";
import { refusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { TagsPageConfig, TagsPageData } from "./components/tags-page";

/** The server half of a book's tags page; `ctx` comes from the route's own guard. */
export type TagsRoute = Pick<TagsPageConfig, "ns" | "schema" | "basePath"> & {
  service: {
    list: (ctx: TenantContext) => Promise<TagsPageData["tags"]>;
    create: (ctx: TenantContext, name: string) => Promise<Result>;
  };
};

export async function tagsLoader(ctx: TenantContext, request: Request, route: TagsRoute): Promise<TagsPageData> {
  const t = await getServerT(request);
  return { title: pageTitle(t, `${route.ns}:tags.title`), tags: await route.service.list(ctx) };
}

/** Adds a tag: errors next to the name (400), else back to the list with `tags.created`. */
export async function tagsAction(ctx: TenantContext, request: Request, route: TagsRoute) {
  const submission = parseWithZod(await readForm(request), { schema: route.schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await route.service.create(ctx, submission.value.name);
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(route.basePath, { key: `${route.ns}:tags.created` });
}
