import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { writeOrRefuse } from "~/utils/action-failed.server";
import { requireUuid, type MissingItem } from "~/utils/not-found";
import type { Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";
import { refusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { SplitPageConfig, SplitPageData } from "./split-page";
import { readForm } from "~/utils/read-form.server";
import { recordPageHead, type RecordPageRoute } from "./record-page.server";

/** The server half of a split page (the client half, SplitPageConfig, is shared with the component). */
export type SplitRoute = SplitPageConfig &
  RecordPageRoute & {
    /** What a failed split names (`actionFailed` add, decision 1703). */
    item: MissingItem;
    /** The people the record has, to choose from. */
    people: (ctx: TenantContext, id: string) => Promise<{ membershipId: string; name: string }[]>;
    split: (
      ctx: TenantContext,
      id: string,
      input: { name: string; membershipIds: string[] },
    ) => Promise<Result<{ id: string }>>;
    /** Where the split leads: the new record. */
    doneHref: (newId: string) => string;
  };

/** `ctx` comes from the route's own guard (requireRight with the entity's right). */
export async function splitLoader(
  ctx: TenantContext,
  { request, params }: LoaderFunctionArgs,
  route: SplitRoute,
): Promise<SplitPageData> {
  const head = await recordPageHead(ctx, { request, params }, route, "split");
  const people = await route.people(ctx, head.record.id);
  return { ...head, people: people.map((p) => ({ membershipId: p.membershipId, name: p.name })) };
}

export async function splitAction(ctx: TenantContext, { request, params }: ActionFunctionArgs, route: SplitRoute) {
  const id = requireUuid(params[route.param]);
  const submission = parseWithZod(await readForm(request), { schema: route.schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value as { name: string; membershipIds: string[] };
  const result = await writeOrRefuse("add", route.item, () => route.split(ctx, id, input));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(route.doneHref(result.id), { key: `${route.ns}:split.done` });
}
