import type { TenantContext } from "~/utils/tenant.server";
import { listCriteriaTags } from "./criteria-tags.server";
import { listSets } from "./criteria-sets.server";
import { listAllCriteria } from "./criteria.server";
import { getReviewSettings } from "./review-settings.server";

/** GET api/criteria?for=store (spec §7): criteria, sets, flow and tags of the current cluster. */
export async function getCriteriaStore(ctx: TenantContext) {
  const [criteria, sets, tags, settings] = await Promise.all([
    listAllCriteria(ctx),
    listSets(ctx),
    listCriteriaTags(ctx),
    getReviewSettings(ctx),
  ]);
  return { criteria, sets, flow: settings.flow, tags: tags.map(({ id, name, isSystem }) => ({ id, name, isSystem })) };
}
