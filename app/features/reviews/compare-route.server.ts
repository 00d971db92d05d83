import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import type { TenantContext } from "~/utils/tenant.server";
import { compareSubject } from "./person-results.server";
import { resultTexts } from "./result-texts.server";

/**
 * The loader behind the three compare URLs of spec §2 (review/{reviewId}/compare/{subjectId},
 * review/compare/{reviewId}/{subjectId}, teamreview/{reviewId}/compare/{subjectId}), after the
 * route's guard.
 */
export async function compareLoader({ request, params }: LoaderFunctionArgs, ctx: TenantContext) {
  const comparison = await compareSubject(ctx, params.reviewId ?? "", params.subjectId ?? "");
  const t = await getServerT(request);
  const texts = await resultTexts(ctx, await getLanguage(request), t as never);
  const name = `${comparison.subject.firstName} ${comparison.subject.lastName}`.trim();
  return {
    title: `${t("results:compare.title", { name })} · ${t("common:appName")}`,
    comparison,
    texts,
  };
}
