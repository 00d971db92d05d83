import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { tags } from "#db/schema";
import { listCriteriaTags } from "~/features/criteria/criteria-tags.server";
import { listAllCriteria } from "~/features/criteria/criteria.server";
import { withCriteria } from "~/features/criteria/store.server";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { listTags } from "./tags.server";

/**
 * The tags of spec §7 api/tags (decision 1752): personnel tags and criteria tags in one list, each with its
 * `kind` and `criteria` (spec §3 Tag: id, name, criteria; a personnel tag has none). Competence tags have
 * their own book and are not in it.
 */
export type ApiTagKind = "personnel" | "criteria";

export async function listApiTags(ctx: TenantContext, kind?: ApiTagKind) {
  const personnel =
    kind === "criteria"
      ? []
      : (await listTags(ctx)).map((t) => ({ ...t, kind: "personnel" as const, criteria: [] as string[] }));
  if (kind === "personnel") return personnel;
  const [criteriaTags, criteria] = await Promise.all([listCriteriaTags(ctx), listAllCriteria(ctx)]);
  const counts = new Map(criteriaTags.map((t) => [t.id, t.criteriaCount]));
  const withIds = withCriteria(criteriaTags, criteria).map((t) => ({
    ...t,
    kind: "criteria" as const,
    criteriaCount: counts.get(t.id) ?? 0,
  }));
  return [...personnel, ...withIds];
}

/** Which kind a tag id of the caller's cluster is; 404 for an unknown id, another cluster's or a competence tag. */
export async function apiTagKindOf(ctx: TenantContext, id: string): Promise<ApiTagKind> {
  if (!isUuid(id)) notFound("tag");
  const [row] = await getDb()
    .select({ kind: tags.kind })
    .from(tags)
    .where(and(inCluster(tags, ctx), eq(tags.id, id)));
  if (!row || row.kind === "competence") notFound("tag");
  return row.kind;
}
