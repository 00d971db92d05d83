import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dimensionTexts, getReviewSettings, roleLabels } from "~/features/criteria/review-settings.server";
import { scaleColors, scaleLevels, scaleSizes } from "~/features/criteria/scales";
import { flowSettingsFrom } from "~/features/flow/flow-zones";
import { requireRightForApi } from "~/utils/api-guard.server";
import { methodNotAllowed } from "~/utils/api.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";

/**
 * Spec §7 GET api/review-settings (spec §3: dimensions with name and label, currentScale, scales with their
 * colour list, roles, flow): the cluster's settings in the caller's language, as the review pages use them;
 * reviews.manage (decisions 1410, 1663).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRightForApi(request, "reviews.manage");
  const settings = await getReviewSettings(ctx);
  const language = await getLanguage(request);
  const t = (await getServerT(request)) as never;
  return Response.json({
    dimensions: dimensionTexts(settings, language, t),
    currentScale: settings.currentScale,
    scales: scaleSizes.map((size) => {
      const levels = scaleLevels(size).map((level) => ({ ...level, color: scaleColors[level.name] }));
      return { size, levels, colors: levels.map((level) => level.color) };
    }),
    roles: roleLabels(settings, language, t),
    thresholds: settings.thresholds,
    flow: flowSettingsFrom(settings.flow),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRightForApi(request, "reviews.manage");
  return methodNotAllowed(["GET"]);
}
