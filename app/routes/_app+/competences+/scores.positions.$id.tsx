import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/ui/pager";
import { ScoreMatrix } from "~/components/ui/score-matrix";
import { PageHeader } from "~/components/ui/table";
import { gapText } from "~/features/competences/components/score-form";
import { competenceGap, type GapStatus } from "~/features/competences/levels";
import { getPositionScores } from "~/features/competences/scores.server";
import { getServerT } from "~/utils/i18n.server";
import { pageParam } from "~/utils/not-found";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["competences"] };
/** Holders per page: a position may have hundreds (docs/performance.md, issue #19). */
const HOLDERS_PAGE_SIZE = 50;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competence_reviews.manage");
  const paging = { page: pageParam(new URL(request.url)), pageSize: HOLDERS_PAGE_SIZE };
  const page = await getPositionScores(ctx, params.id ?? "", paging);
  const t = await getServerT(request);
  return {
    title: `${page.position.name} · ${t("competences:scores.title")} · ${t("common:appName")}`,
    position: page.position,
    columns: page.columns,
    total: page.total,
    // Only each holder's actual levels, in column order: the page works out the gap (docs/performance.md).
    rows: page.rows.map((row) => ({ id: row.id, name: row.name, actual: row.cells.map((cell) => cell.actual) })),
    ...paging,
  };
}

export default function PositionScoresPage() {
  const { t } = useTranslation();
  const { position, columns, rows, total, page, pageSize } = useLoaderData<typeof loader>();
  const location = useLocation();
  const gapStatuses: GapStatus[] = ["notRequired", "notScored", "below", "meets", "above"];
  const gapLabels = Object.fromEntries(gapStatuses.map((s) => [s, t(`competences:gap.${s}`)])) as Record<
    GapStatus,
    string
  >;
  return (
    <>
      <p>
        <Link to="/competences/scores">{t("competences:scores.back")}</Link>
      </p>
      <PageHeader title={position.name} />
      <p className="mt-1 text-ink-muted">{t("competences:scores.positionIntro")}</p>
      {columns.length === 0 ? (
        <p className="mt-6">{t("competences:scores.nothingLinked")}</p>
      ) : rows.length === 0 ? (
        <p className="mt-6">{t("competences:scores.noHolders")}</p>
      ) : (
        <div className="mt-4 relative overflow-x-auto">
          <ScoreMatrix
            caption={t("competences:scores.holdersOf", { name: position.name })}
            className="bg-white text-left shadow-sm"
            columnClassName="p-2 align-bottom text-sm"
            corner={t("competences:scores.person")}
            columns={columns.map((c) => ({ ...c, note: t("competences:scores.requiredLevel", { level: c.required }) }))}
            rows={rows}
            rowKey={(row) => row.id}
            rowHeader={(row) => <Link to={`/competences/scores/users/${row.id}`}>{row.name}</Link>}
            cell={(row, column, i) => {
              // Plain markup, the labels translated once: a page has 400 of these cells (docs/performance.md).
              const actual = row.actual[i];
              const { gap, status } = competenceGap(actual, column.required);
              return (
                <>
                  {actual ?? "–"}
                  <span className={gap !== null && status === "below" ? "block font-medium text-danger" : "block"}>
                    {gapText(gap, gapLabels[status])}
                  </span>
                </>
              );
            }}
          />
        </div>
      )}
      <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
    </>
  );
}
