import type * as z from "zod";
import type { criteriaStoreSchema } from "~/features/api/schemas/criteria";
import { getFlowSettings } from "~/features/flow/flows.server";
import { notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { listCriteriaTags } from "./criteria-tags.server";
import { listSets } from "./criteria-sets.server";
import { listAllCriteria } from "./criteria.server";

type CriteriaStore = z.infer<typeof criteriaStoreSchema>;

/**
 * GET api/criteria?for=store (spec §3, §7; docs/decisions/1663): the cluster's criteria with their tags and
 * selection flags, the sets ctx may use (team leaders: those made visible to them), the flow settings and
 * the criteria tags with their criteria. With `setId` (one of those sets, else 404) the flags say what a
 * new review with that set starts from: its criteria are selected, belong to the set and cannot be removed.
 */
export async function getCriteriaStore(ctx: TenantContext, setId?: string): Promise<CriteriaStore> {
  const [criteria, sets, tags, flow] = await Promise.all([
    listAllCriteria(ctx),
    listSets(ctx),
    listCriteriaTags(ctx),
    getFlowSettings(ctx),
  ]);
  const set = setId === undefined ? undefined : (sets.find((s) => s.id === setId) ?? notFound());
  const inSet = new Set(set?.criteria.map((c) => c.id));
  const tagName = new Map(tags.map((t) => [t.id, t.name]));
  return {
    criteria: criteria.map(({ tagIds, dimension, ...c }) => ({
      ...c,
      dimension: dimension as 1 | 2 | 3,
      tags: tagIds.filter((id) => tagName.has(id)).map((id) => ({ id, name: tagName.get(id)! })),
      selected: inSet.has(c.id),
      disabled: inSet.has(c.id),
      belongsToSet: inSet.has(c.id),
    })),
    sets,
    flow,
    tags: withCriteria(tags, criteria),
  };
}

/** Criteria tags with the ids of their criteria (spec §3 Tag: id, name, criteria): the store's and api/tags'. */
export function withCriteria(
  tags: { id: string; name: string; isSystem: boolean }[],
  criteria: { id: string; tagIds: string[] }[],
) {
  return tags.map(({ id, name, isSystem }) => ({
    id,
    name,
    isSystem,
    criteria: criteria.filter((c) => c.tagIds.includes(id)).map((c) => c.id),
  }));
}
