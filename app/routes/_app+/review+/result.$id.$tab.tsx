import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";
import { Pager } from "~/components/ui/pager";
import {
  FinishedNote,
  LevelValue,
  ResultsFilter,
  useAverage,
  type DimensionText,
  type RoleText,
} from "~/features/reviews/components/results-ui";
import {
  bandsHighToLow,
  bandsLowToHigh,
  distributionText,
  gridCell,
  inDisplayOrder,
  levelNameOf,
  parseSort,
  roleCounts,
  rolesOfCell,
  type Band,
  type SortKey,
} from "~/features/reviews/results";
import { resolveResultsId, roundResults } from "~/features/reviews/round-results.server";
import { resultTexts } from "~/features/reviews/result-texts.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { notFound, pageParam } from "~/utils/not-found";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["results", "criteria"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const tabs = ["grid", "table"] as const;
const pageSize = 50;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const tab = tabs.find((t) => t === params.tab) ?? notFound();
  const { round, teamReviewId } = await resolveResultsId(ctx, params.id ?? "");
  const url = new URL(request.url);
  if (teamReviewId) {
    url.searchParams.set("team", teamReviewId);
    throw redirect(`/review/result/${round.id}/${tab}?${url.searchParams.toString()}`);
  }
  const { sort, dir } = parseSort(url.searchParams);
  const page = pageParam(url);
  const results = await roundResults(ctx, round.id, {
    team: url.searchParams.get("team"),
    tagId: url.searchParams.get("tag"),
    sort,
    dir,
    scores: tab === "table" ? { page, pageSize } : false,
  });
  const t = await getServerT(request);
  const texts = await resultTexts(ctx, await getLanguage(request), t as never);
  return {
    title: `${t(`results:tabs.${tab}`)}: ${round.name} · ${t("common:appName")}`,
    tab,
    sort,
    dir,
    page,
    total: results.rows.length,
    results: {
      ...results,
      rows: tab === "grid" ? results.rows : [],
      pageRows: tab === "table" ? results.pageRows : [],
    },
    texts,
  };
}

export default function RoundResultsPage() {
  const { t } = useTranslation();
  const { tab, results, texts } = useLoaderData<typeof loader>();
  const base = `/review/result/${results.round.id}`;
  return (
    <>
      <p className="no-print">
        <Link to={`/review/summary/${results.round.id}`}>{t("results:toSummary")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t("results:title", { name: results.round.name })}</h1>
      <FinishedNote finished={results.finishedCount} total={results.teamReviewCount} />
      <ResultsFilter teams={results.teams} tags={results.tags} team={results.selectedTeam} tagId={results.tagId} />
      <Tabs
        label={t("results:tabs.label")}
        baseHref={base}
        current={tab}
        tabs={tabs.map((key) => ({ key, label: t(`results:tabs.${key}`) }))}
        keep={{ team: results.selectedTeam, tag: results.tagId }}
      />
      {tab === "grid" ? <Grid texts={texts} /> : <ScoresTable texts={texts} />}
    </>
  );
}

type Texts = { roles: RoleText[]; dimensions: DimensionText[] };

function useRoleLabel(roles: RoleText[]) {
  const { t } = useTranslation();
  return (id: number | null) => roles.find((r) => r.id === id)?.label ?? t("results:noRole");
}

const reportHref = (row: { reviewId: string; membershipId: string }) =>
  `/review/report/${row.reviewId}/employee/${row.membershipId}`;

function Grid({
  texts,
}: {
  texts: Texts & { thresholds: { lowerPercent: number; upperPercent: number; employabilityPercent: number } };
}) {
  const { t } = useTranslation();
  const { results } = useLoaderData<typeof loader>();
  const average = useAverage();
  const roleLabel = useRoleLabel(texts.roles);
  const scale = results.round.scale;
  const rows = results.rows;
  const counts = roleCounts(rows);
  const summary = distributionText(
    t("results:grid.people", { count: rows.length }),
    inDisplayOrder(texts.roles).map((r) => ({ label: r.label, count: counts[String(r.id)] ?? 0 })),
  );
  const placed = rows.map((row) => ({ row, cell: gridCell(row, scale, texts.thresholds) }));
  const unplaced = placed.filter((p) => !p.cell).map((p) => p.row);
  const labelOfKey = (key: string) => texts.roles.find((r) => r.key === key)?.label ?? key;
  const bandName = (b: Band) => t(`results:grid.band.${b}`);
  const [perfName, potName, empName] = texts.dimensions.map((d) => d.name);

  if (rows.length === 0) return <p>{t("results:grid.empty")}</p>;
  return (
    <section aria-labelledby="grid-heading">
      <h2 id="grid-heading" className="sr-only">
        {t("results:tabs.grid")}
      </h2>
      <figure aria-labelledby="grid-title" aria-describedby="grid-summary" className="max-w-5xl">
        <figcaption id="grid-title" className="font-semibold">
          {t("results:grid.title", { x: perfName, y: potName })}
        </figcaption>
        <p id="grid-summary" className="mb-3" data-testid="grid-summary">
          {summary}
        </p>
        <div className="flex gap-2">
          <div className="flex w-6 items-center justify-center">
            <span className="-rotate-90 whitespace-nowrap text-sm font-medium">{potName} →</span>
          </div>
          <div className="grid flex-1 grid-cols-3 gap-1" data-testid="grid">
            {bandsHighToLow.map((pot) =>
              bandsLowToHigh.map((perf) => {
                const cell = { performance: perf, potential: pot };
                const roles = rolesOfCell(cell);
                const people = placed.filter((p) => p.cell && p.cell.performance === perf && p.cell.potential === pot);
                const title = roles.map(labelOfKey).join(" / ");
                return (
                  <section
                    key={`${pot}-${perf}`}
                    aria-label={t("results:grid.cellLabel", {
                      roles: title,
                      x: perfName,
                      xBand: bandName(perf),
                      y: potName,
                      yBand: bandName(pot),
                    })}
                    className={`min-h-28 rounded border p-2 ${roles.includes("star") ? "bg-brand-50" : "bg-white"}`}
                    data-testid={`cell-${perf}-${pot}`}
                  >
                    <h3 className="text-sm font-semibold">{title}</h3>
                    <ul className="mt-1 space-y-1">
                      {people.map(({ row }) => (
                        <li key={row.subjectId}>
                          <Link
                            to={reportHref(row)}
                            className="block rounded border border-gray-300 bg-gray-50 px-2 py-1 text-sm no-underline hover:bg-brand-50"
                          >
                            <span className="font-medium">
                              {row.firstName} {row.lastName}
                            </span>
                            <span className="block text-xs text-ink">
                              {roleLabel(row.developmentRole)} · {empName} {average(row.employability)}
                            </span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              }),
            )}
          </div>
        </div>
        <p className="ml-8 mt-1 text-center text-sm font-medium">{perfName} →</p>
      </figure>
      {unplaced.length ? (
        <p className="mt-2 text-sm">
          {t("results:grid.unplaced", { names: unplaced.map((r) => `${r.firstName} ${r.lastName}`).join(", ") })}
        </p>
      ) : null}
      <h2 className="mb-2 mt-6">{t("results:grid.dataTitle")}</h2>
      <div className="overflow-x-auto">
        <table className="w-full bg-white text-left shadow-sm">
          <thead className="sticky top-0 bg-white">
            <tr className="border-b">
              <th scope="col" className="p-2">
                {t("results:table.name")}
              </th>
              <th scope="col" className="p-2">
                {t("results:table.team")}
              </th>
              {texts.dimensions.map((d) => (
                <th key={d.dimension} scope="col" className="p-2">
                  {d.name}
                </th>
              ))}
              <th scope="col" className="p-2">
                {t("results:table.role")}
              </th>
              <th scope="col" className="p-2">
                <span className="sr-only">{t("results:table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.subjectId} className="border-b last:border-0">
                <th scope="row" className="p-2 font-normal">
                  <Link to={reportHref(row)}>
                    {row.firstName} {row.lastName}
                  </Link>
                </th>
                <td className="p-2">{row.teamName}</td>
                <td className="p-2">{average(row.performance)}</td>
                <td className="p-2">{average(row.potential)}</td>
                <td className="p-2">{average(row.employability)}</td>
                <td className="p-2">{roleLabel(row.developmentRole)}</td>
                <td className="p-2">
                  <Link
                    to={`/review/${row.reviewId}/compare/${row.membershipId}`}
                    aria-label={t("results:table.compareOne", { name: `${row.firstName} ${row.lastName}` })}
                  >
                    {t("results:table.compare")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ScoresTable({ texts }: { texts: Texts }) {
  const { t } = useTranslation();
  const { results, sort, dir, page, total } = useLoaderData<typeof loader>();
  const location = useLocation();
  const average = useAverage();
  const roleLabel = useRoleLabel(texts.roles);
  const scale = results.round.scale;
  const dimensionName = (d: number) => texts.dimensions.find((x) => x.dimension === d)?.name ?? "";

  const sortHref = (key: SortKey) => {
    const params = new URLSearchParams(location.search);
    params.set("sort", key);
    params.set("dir", sort === key && dir === "asc" ? "desc" : "asc");
    params.delete("page");
    return `?${params.toString()}`;
  };
  const exportParams = new URLSearchParams();
  if (results.selectedTeam) exportParams.set("team", results.selectedTeam);
  if (results.tagId) exportParams.set("tag", results.tagId);
  exportParams.set("sort", sort);
  exportParams.set("dir", dir);

  const SortHeader = ({ sortKey, label }: { sortKey: SortKey; label: string }) => (
    <th
      scope="col"
      className="p-2 align-bottom"
      aria-sort={sort === sortKey ? (dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={sortHref(sortKey)} className="whitespace-nowrap">
        {label}
        {sort === sortKey ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
        <span className="sr-only">
          {" "}
          {t(sort === sortKey && dir === "asc" ? "results:table.sortDesc" : "results:table.sortAsc")}
        </span>
      </Link>
    </th>
  );

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
          <div className="overflow-x-auto">
            <table className="w-full bg-white text-left shadow-sm" data-testid="results-table">
              <thead className="sticky top-0 bg-white">
                <tr className="border-b">
                  <SortHeader sortKey="name" label={t("results:table.name")} />
                  <th scope="col" className="p-2 align-bottom">
                    {t("results:table.team")}
                  </th>
                  <SortHeader sortKey="performance" label={dimensionName(1)} />
                  <SortHeader sortKey="potential" label={dimensionName(2)} />
                  <SortHeader sortKey="employability" label={dimensionName(3)} />
                  <SortHeader sortKey="role" label={t("results:table.role")} />
                  {results.criteria.map((c) => (
                    <th key={c.id} scope="col" className="p-2 align-bottom text-sm">
                      {c.name}
                      <span className="block font-normal text-ink-muted">{dimensionName(c.dimension)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {results.pageRows.map((row) => (
                  <tr key={row.subjectId} className="border-b last:border-0">
                    <th scope="row" className="p-2 font-normal">
                      <Link to={reportHref(row)}>
                        {row.firstName} {row.lastName}
                      </Link>
                    </th>
                    <td className="p-2">{row.teamName}</td>
                    <td className="p-2">{average(row.performance)}</td>
                    <td className="p-2">{average(row.potential)}</td>
                    <td className="p-2">{average(row.employability)}</td>
                    <td className="p-2">{roleLabel(row.developmentRole)}</td>
                    {results.criteria.map((c) => {
                      const score = results.scores[row.subjectId]?.[c.id] ?? null;
                      return (
                        <td key={c.id} className="p-2">
                          <LevelValue score={score} level={levelNameOf(score, scale)} />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
        </>
      )}
    </section>
  );
}
