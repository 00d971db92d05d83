import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSort } from "~/features/reviews/results";
import { resolveResultsId, roundResults } from "~/features/reviews/round-results.server";
import { resultsSheetRows } from "~/features/reviews/results-export.server";
import { resultTexts } from "~/features/reviews/result-texts.server";
import { writeXlsx } from "~/features/reviews/xlsx.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { requireModule } from "~/utils/tenant.server";
import { auditNow } from "~/features/audit/audit.server";

/**
 * The results table as .xlsx (the table tab's 'Exporteren naar Excel'): the same guard and scope as the
 * page, the same filters and order, every person rather than one page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const { round, teamReviewId } = await resolveResultsId(ctx, params.id ?? "");
  const url = new URL(request.url);
  const { sort, dir } = parseSort(url.searchParams);
  const results = await roundResults(ctx, round.id, {
    team: teamReviewId ?? url.searchParams.get("team"),
    tagId: url.searchParams.get("tag"),
    sort,
    dir,
    scores: {},
  });
  const t = await getServerT(request);
  const texts = await resultTexts(ctx, await getLanguage(request), t as never);
  const rows = resultsSheetRows(results, {
    name: t("results:table.name"),
    team: t("results:table.team"),
    dimensions: texts.dimensions.map((d) => d.name) as [string, string, string],
    role: t("results:table.role"),
    goal: t("results:report.goal"),
    roleLabel: (id) => texts.roles.find((r) => r.id === id)?.label ?? "",
  });
  const file = await writeXlsx([{ name: t("results:export.sheet"), rows }]);
  await auditNow(ctx, context.clientIp, {
    action: "export.review",
    subjectType: "review",
    subjectId: round.id,
    data: { rows: rows.length - 1 },
  });
  const safeName = round.name.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "resultaten";
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="resultaten.xlsx"; filename*=UTF-8''${encodeURIComponent(`${safeName}.xlsx`)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
