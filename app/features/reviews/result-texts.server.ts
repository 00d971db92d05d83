import { dimensionTexts, getReviewSettings, roleLabels } from "~/features/criteria/review-settings.server";
import type { Language } from "~/utils/i18n";
import type { TenantContext } from "~/utils/tenant.server";

/** Role labels (the cluster's renaming or the default), dimension names and the role thresholds. */
export async function resultTexts(ctx: TenantContext, language: Language, t: (key: string) => string) {
  const settings = await getReviewSettings(ctx);
  return {
    roles: roleLabels(settings, language, t).map((r) => ({ id: r.id, key: r.key, label: r.label })),
    dimensions: dimensionTexts(settings, language, t).map((d) => ({ dimension: d.dimension, name: d.name })),
    thresholds: settings.thresholds,
  };
}
