import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { tags } from "#db/schema";
import { criteriaTags as criteriaTagService, listCriteriaTags } from "~/features/criteria/criteria-tags.server";
import { listAllCriteria } from "~/features/criteria/criteria.server";
import { withCriteria } from "~/features/criteria/store.server";
import { isUniqueViolation } from "~/utils/results.server";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { listTags, personnelTags } from "./tags.server";

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

const serviceOf = { personnel: personnelTags, criteria: criteriaTagService } as const;

/**
 * Spec §7 POST api/tags: new tags, each of its kind (personnel unless it says criteria; decision 1851), all or
 * none in one transaction. A name its kind has already (any case) or that comes twice is refused with that name.
 */
export async function createApiTags(
  ctx: TenantContext,
  wanted: readonly { name: string; kind: ApiTagKind }[],
): Promise<{ ok: true; tags: { id: string; name: string; kind: ApiTagKind }[] } | { ok: false; name: string }> {
  const seen = new Set<string>();
  for (const { name, kind } of wanted) {
    const key = `${kind}:${name.toLowerCase()}`;
    if (seen.has(key)) return { ok: false, name };
    seen.add(key);
  }
  const namesOf = (kind: ApiTagKind) => wanted.filter((t) => t.kind === kind).map((t) => t.name);
  try {
    return await getDb().transaction(async (tx) => {
      for (const kind of ["personnel", "criteria"] as const) {
        const taken = await serviceOf[kind].firstTaken(tx, ctx, namesOf(kind));
        if (taken !== undefined) return { ok: false as const, name: taken };
      }
      const made = new Map<string, { id: string; name: string }>();
      for (const kind of ["personnel", "criteria"] as const)
        for (const row of await serviceOf[kind].insertMany(tx, ctx, namesOf(kind)))
          made.set(`${kind}:${row.name.toLowerCase()}`, row);
      const tags = wanted.map(({ name, kind }) => ({ ...made.get(`${kind}:${name.toLowerCase()}`)!, kind }));
      return { ok: true as const, tags };
    });
  } catch (error) {
    // Another request created one of the names meanwhile: nothing of this one was written.
    if (isUniqueViolation(error)) return { ok: false, name: "" };
    throw error;
  }
}
