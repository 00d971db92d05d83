import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { refusalStatus } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";
import { requireUuid, type MissingItem } from "~/utils/not-found";
import type { Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { MergeLine } from "./merge-lines";
import type { MergeMode } from "./merge-references.server";
import type { MergePageConfig, MergePageData } from "./merge-page";
import { readForm } from "~/utils/read-form.server";
import { recordPageHead, type RecordPageRoute } from "./record-page.server";

type Named = { id: string; name: string };
/** The two records of a merge: the page's, the chosen one, and which of them remains. */
export type MergeChoice = { id: string; otherId: string; remainingId: string };

/** The server half of a merge page (the client half, MergePageConfig, is shared with the component). */
export type MergeRoute = MergePageConfig &
  RecordPageRoute & {
    /** What a failed merge names (`actionFailed`, decision 1703). */
    item: MissingItem;
    /** Every record of the kind; the page's own is left out of the choices. */
    list: (ctx: TenantContext) => Promise<Named[]>;
    merge: (ctx: TenantContext, choice: MergeChoice, mode: MergeMode) => Promise<Result<{ lines: MergeLine[] }>>;
    /** Where the merge leads: the record that remains. */
    doneHref: (remainingId: string) => string;
  };

function choiceOf(route: MergeRoute, id: string, value: Record<string, unknown>): MergeChoice {
  const otherId = String(value[route.otherField]);
  return { id, otherId, remainingId: value.keep === "this" ? id : otherId };
}

const failed = (result: { field: string; errorKey: string }) => ({
  fieldErrors: { [result.field]: [result.errorKey] },
});

/**
 * The merge page's loader. With a chosen record in the query (the first form is a GET), it previews the
 * merge: the same service run in a transaction that is rolled back (docs/decisions/0760).
 */
/** `ctx` comes from the route's own guard (requireRight with the entity's right). */
export async function mergeLoader(
  ctx: TenantContext,
  { request, params }: LoaderFunctionArgs,
  route: MergeRoute,
): Promise<MergePageData> {
  const head = await recordPageHead(ctx, { request, params }, route, "merge");
  const { record } = head;
  const others = (await route.list(ctx)).filter((o) => o.id !== record.id).map((o) => ({ id: o.id, name: o.name }));
  const page = { ...head, others, preview: null, submission: null };
  const query = new URL(request.url).searchParams;
  if (!query.has(route.otherField)) return page;
  const submission = parseWithZod(query, { schema: route.schema });
  if (submission.status !== "success") return { ...page, submission: submission.reply() as SubmissionResult };
  const choice = choiceOf(route, record.id, submission.value);
  const result = await route.merge(ctx, choice, "preview");
  if (!result.ok) return { ...page, submission: submission.reply(failed(result)) as SubmissionResult };
  const nameOf = (id: string) => (id === record.id ? record.name : (others.find((o) => o.id === id)?.name ?? ""));
  const removedId = choice.remainingId === record.id ? choice.otherId : record.id;
  return {
    ...page,
    preview: {
      otherId: choice.otherId,
      keep: submission.value.keep === "this" ? "this" : "other",
      remains: nameOf(choice.remainingId),
      removed: nameOf(removedId),
      lines: result.lines,
    },
  };
}

/** The merge page's action: the confirmed merge, then the record that remains, with a toast. */
export async function mergeAction(ctx: TenantContext, { request, params }: ActionFunctionArgs, route: MergeRoute) {
  const id = requireUuid(params[route.param]);
  const submission = parseWithZod(await readForm(request), { schema: route.schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const choice = choiceOf(route, id, submission.value);
  const result = await writeOrRefuse("merge", route.item, () => route.merge(ctx, choice, "apply"));
  if (!result.ok) return data(submission.reply(failed(result)), { status: refusalStatus(result) });
  return redirectWithToast(route.doneHref(choice.remainingId), { key: `${route.ns}:merge.done` });
}
