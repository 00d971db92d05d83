import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/ui/pager";
import { ScoreMatrix } from "~/components/ui/score-matrix";
import type { RoundResults } from "../round-results.server";
import { levelNameOf, type SortDir, type SortKey } from "../results";
import { ResultRowCells } from "./results-grid";
import { LevelValue, type ResultTexts } from "./results-ui";

type Sorting = { sort: SortKey; dir: SortDir };

/** A column heading that sorts the table by its key (a link, so it works without JavaScript). */
function SortHeader({ sortKey, label, sort, dir }: Sorting & { sortKey: SortKey; label: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("sort", sortKey);
  params.set("dir", sort === sortKey && dir === "asc" ? "desc" : "asc");
  params.delete("page");
  return (
    <th
      scope="col"
      className="p-2 align-bottom"
      aria-sort={sort === sortKey ? (dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={`?${params.toString()}`} className="whitespace-nowrap">
        {label}
        {sort === sortKey ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
        <span className="sr-only">
          {" "}
          {t(sort === sortKey && dir === "asc" ? "results:table.sortDesc" : "results:table.sortAsc")}
        </span>
      </Link>
    </th>
  );
}

type TableResults = Pick<RoundResults, "criteria" | "pageRows" | "scores" | "selectedTeam" | "tagId"> & {
  round: Pick<RoundResults["round"], "id" | "scale">;
};

/** Every person with their averages, role and criteria scores: sortable, paged, exportable. */
export function ResultsScoresTable({
  results,
  sorting,
  page,
  total,
  pageSize,
  texts,
}: {
  results: TableResults;
  sorting: Sorting;
  page: number;
  total: number;
  pageSize: number;
  texts: Pick<ResultTexts, "roles" | "dimensions">;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const scale = results.round.scale;
  const dimensionName = (d: number) => texts.dimensions.find((x) => x.dimension === d)?.name ?? "";
  const exportParams = new URLSearchParams();
  if (results.selectedTeam) exportParams.set("team", results.selectedTeam);
  if (results.tagId) exportParams.set("tag", results.tagId);
  exportParams.set("sort", sorting.sort);
  exportParams.set("dir", sorting.dir);

  return (
    <section aria-labelledby="table-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-4">
        <h2 id="table-heading">{t("results:tabs.table")}</h2>
        <a
          href={`/resources/review-export/${results.round.id}?${exportParams.toString()}`}
          download
          className="no-print rounded border border-gray-400 bg-white px-3 py-1 no-underline"
        >
          {t("results:table.export")}
        </a>
      </div>
      {total === 0 ? (
        <p>{t("results:grid.empty")}</p>
      ) : (
        <>
          <div className="relative overflow-x-auto">
            <ScoreMatrix
              tableProps={{ "data-testid": "results-table" }}
              sticky
              columnClassName="p-2 align-bottom text-sm"
              rowClassName="border-b last:border-0"
              leadingHead={
                <>
                  <SortHeader sortKey="name" label={t("results:table.name")} {...sorting} />
                  <th scope="col" className="p-2 align-bottom">
                    {t("results:table.team")}
                  </th>
                  <SortHeader sortKey="performance" label={dimensionName(1)} {...sorting} />
                  <SortHeader sortKey="potential" label={dimensionName(2)} {...sorting} />
                  <SortHeader sortKey="employability" label={dimensionName(3)} {...sorting} />
                  <SortHeader sortKey="role" label={t("results:table.role")} {...sorting} />
                </>
              }
              columns={results.criteria.map((c) => ({ ...c, note: dimensionName(c.dimension) }))}
              rows={results.pageRows}
              rowKey={(row) => row.subjectId}
              leadingCells={(row) => <ResultRowCells row={row} roles={texts.roles} />}
              cell={(row, column) => {
                const score = results.scores[row.subjectId]?.[column.id] ?? null;
                return <LevelValue score={score} level={levelNameOf(score, scale)} />;
              }}
            />
          </div>
          <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
        </>
      )}
    </section>
  );
}
