import { dimensionTexts, getReviewSettings, roleLabels } from "~/features/criteria/review-settings.server";
import type { Language } from "~/utils/i18n";
import { getLanguage, getServerT } from "~/utils/i18n.server";
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

/** The request's translator and its result texts: what every results, summary, compare and report page loads. */
export async function requestResultTexts(request: Request, ctx: TenantContext) {
  const t = await getServerT(request);
  const texts = await resultTexts(ctx, await getLanguage(request), t as never);
  return { t, texts };
}
