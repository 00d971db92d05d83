import type { LoaderFunctionArgs } from "@remix-run/node";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import type { TenantContext } from "~/utils/tenant.server";

/** What a merge or split route says of its record: the namespace of its texts, where the id is, how to load it. */
export type RecordPageRoute = {
  ns: string;
  /** The route parameter with the page's record id. */
  param: string;
  get: (ctx: TenantContext, id: string) => Promise<{ id: string; name: string }>;
  backHref: (id: string) => string;
};

/**
 * The head of a merge or split page (one of its `step`s): the page's record (404 when it is not the cluster's),
 * the title `${ns}:${step}.title` in the reader's language and the way back.
 */
export async function recordPageHead(
  ctx: TenantContext,
  { request, params }: Pick<LoaderFunctionArgs, "request" | "params">,
  route: RecordPageRoute,
  step: "merge" | "split",
) {
  const record = await route.get(ctx, requireUuid(params[route.param]));
  const t = await getServerT(request);
  return {
    title: pageTitle(t, `${route.ns}:${step}.title`),
    record: { id: record.id, name: record.name },
    backHref: route.backHref(record.id),
  };
}
