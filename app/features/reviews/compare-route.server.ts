import { auditNow } from "~/features/audit/audit.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { TenantContext } from "~/utils/tenant.server";
import { compareSubject, employeeReport } from "./person-results.server";
import { requestResultTexts } from "./result-texts.server";
import { personName } from "~/utils/person-name";

/**
 * The loader behind the three compare URLs of spec §2 (review/{reviewId}/compare/{subjectId},
 * review/compare/{reviewId}/{subjectId}, teamreview/{reviewId}/compare/{subjectId}), after the
 * route's guard.
 */
export async function compareLoader({ request, params }: LoaderFunctionArgs, ctx: TenantContext) {
  const comparison = await compareSubject(ctx, params.reviewId ?? "", params.subjectId ?? "");
  const { t, texts } = await requestResultTexts(request, ctx);
  const name = personName(comparison.subject.firstName, comparison.subject.lastName);
  return {
    title: `${t("results:compare.title", { name })} · ${t("common:appName")}`,
    comparison,
    texts,
  };
}

/** The loader of a person's report (review/report/{reviewId}/employee/{membershipId}), after the route's guard. */
export async function employeeReportLoader({ request, params, context }: LoaderFunctionArgs, ctx: TenantContext) {
  const report = await employeeReport(ctx, params.reviewId ?? "", params.membershipId ?? "");
  // Another person's review report is a sensitive read (issue 35): in the trail, without its content.
  await auditNow(ctx, context.clientIp, {
    action: "read.reviewReport",
    subjectType: "membership",
    subjectId: params.membershipId ?? null,
    data: { reviewId: params.reviewId ?? null },
  });
  const { t, texts } = await requestResultTexts(request, ctx);
  const name = personName(report.subject.firstName, report.subject.lastName);
  return { title: `${t("results:report.title", { name })} · ${t("common:appName")}`, report, texts };
}
