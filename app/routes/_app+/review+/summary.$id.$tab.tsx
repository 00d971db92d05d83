import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";
import { scaleColors, scaleLevels } from "~/features/criteria/scales";
import { FinishedNote, Legend, roleColors, StackedBar, type RoleText } from "~/features/reviews/components/results-ui";
import { distributionText, inDisplayOrder } from "~/features/reviews/results";
import { resolveResultsId, roundSummary } from "~/features/reviews/round-results.server";
import { resultTexts } from "~/features/reviews/result-texts.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { Pager } from "~/components/ui/pager";
import { notFound, pageParam } from "~/utils/not-found";
import { requireModule } from "~/utils/tenant.server";

export const handle = { i18n: ["results", "criteria"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const tabs = ["grid", "levels"] as const;
const SUMMARY_TEAMS_PAGE_SIZE = 25;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const tab = tabs.find((t) => t === params.tab) ?? notFound();
  const { round, teamReviewId } = await resolveResultsId(ctx, params.id ?? "");
  if (teamReviewId) throw redirect(`/review/summary/${round.id}/${tab}`);
  // Totals cover every team; the per-team rows are paged so that a round of 800 teams stays one light page.
  const page = pageParam(new URL(request.url));
  const summary = await roundSummary(ctx, round, { page, pageSize: SUMMARY_TEAMS_PAGE_SIZE });
  const t = await getServerT(request);
  const texts = await resultTexts(ctx, await getLanguage(request), t as never);
  return {
    title: `${t("results:summary.title", { name: round.name })} · ${t("common:appName")}`,
    tab,
    summary,
    teamTotal: summary.teamCount,
    page,
    texts,
  };
}

type Counts = Record<string, number>;

export default function RoundSummaryPage() {
  const { t } = useTranslation();
  const { tab, summary, teamTotal, page } = useLoaderData<typeof loader>();
  const location = useLocation();
  const base = `/review/summary/${summary.round.id}`;
  return (
    <>
      <p className="no-print">
        <AppLink href={`/review/result/${summary.round.id}`}>{t("results:toResults")}</AppLink>
      </p>
      <h1 className="mb-4 mt-2">{t("results:summary.title", { name: summary.round.name })}</h1>
      <FinishedNote finished={summary.finishedCount} total={summary.teamReviewCount} />
      <Tabs
        label={t("results:summary.tabsLabel")}
        baseHref={base}
        current={tab}
        tabs={tabs.map((key) => ({ key, label: t(`results:summary.tabs.${key}`) }))}
        keep={{}}
      />
      {summary.teams.length === 0 ? null : tab === "grid" ? <RoleDistribution /> : <LevelDistribution />}
      <Pager page={page} total={teamTotal} pageSize={SUMMARY_TEAMS_PAGE_SIZE} search={location.search} />
    </>
  );
}

function RoleDistribution() {
  const { t } = useTranslation();
  const { summary, texts } = useLoaderData<typeof loader>();
  const roles: (RoleText | { id: 0; key: "none"; label: string })[] = [
    ...inDisplayOrder(texts.roles),
    { id: 0, key: "none", label: t("results:noRole") },
  ];
  const countOf = (counts: Counts, id: number) => counts[id === 0 ? "none" : String(id)] ?? 0;
  const rows = [
    ...summary.teams.map((team) => ({
      key: team.reviewId,
      name: team.name,
      subjects: team.subjects,
      counts: team.roleCounts,
    })),
    {
      key: "total",
      name: t("results:summary.total"),
      subjects: summary.total.subjects,
      counts: summary.total.roleCounts,
    },
  ];
  const describe = (name: string, subjects: number, counts: Counts) =>
    `${name}: ${distributionText(
      t("results:grid.people", { count: subjects }),
      roles.map((r) => ({ label: r.label, count: countOf(counts, r.id) })),
    )}`;
  return (
    <section aria-labelledby="roles-heading">
      <h2 id="roles-heading" className="mb-2">
        {t("results:summary.rolesTitle")}
      </h2>
      <p className="mb-3" data-testid="summary-text">
        {describe(t("results:summary.total"), summary.total.subjects, summary.total.roleCounts)}
      </p>
      <ul className="max-w-3xl space-y-3">
        {rows.map((row) => (
          <li key={row.key}>
            <p className={`text-sm ${row.key === "total" ? "font-semibold" : ""}`}>{row.name}</p>
            <StackedBar
              description={describe(row.name, row.subjects, row.counts)}
              parts={roles.map((r) => ({
                key: r.key,
                label: r.label,
                count: countOf(row.counts, r.id),
                color: roleColors[r.key],
              }))}
            />
          </li>
        ))}
      </ul>
      <Legend items={roles.map((r) => ({ key: r.key, label: r.label, color: roleColors[r.key] }))} />
      <div className="mt-6 overflow-x-auto">
        <table className="w-full bg-white text-left shadow-sm" data-testid="roles-table">
          <caption className="p-2 text-left font-semibold">{t("results:summary.rolesTable")}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                {t("results:table.team")}
              </th>
              {roles.map((r) => (
                <th key={r.key} scope="col" className="p-2">
                  {r.label}
                </th>
              ))}
              <th scope="col" className="p-2">
                {t("results:summary.people")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={`border-b last:border-0 ${row.key === "total" ? "font-semibold" : ""}`}>
                <th scope="row" className="p-2 font-normal">
                  {row.name}
                </th>
                {roles.map((r) => (
                  <td key={r.key} className="p-2">
                    {countOf(row.counts, r.id)}
                  </td>
                ))}
                <td className="p-2">{row.subjects}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LevelDistribution() {
  const { t } = useTranslation();
  const { summary, texts } = useLoaderData<typeof loader>();
  const levels = scaleLevels(summary.round.scale);
  const rows = [
    ...summary.teams.map((team) => ({ key: team.reviewId, name: team.name, counts: team.levelCounts })),
    { key: "total", name: t("results:summary.total"), counts: summary.total.levelCounts },
  ];
  return (
    <>
      {texts.dimensions.map((d) => {
        const dim = String(d.dimension) as "1" | "2" | "3";
        const totalCounts: Counts = summary.total.levelCounts[dim] ?? {};
        return (
          <section key={d.dimension} aria-labelledby={`levels-${d.dimension}`} className="mb-8">
            <h2 id={`levels-${d.dimension}`} className="mb-2">
              {d.name}
            </h2>
            <StackedBar
              description={`${d.name}, ${t("results:summary.total")}: ${levels
                .map((l) => `${totalCounts[String(l.value)] ?? 0} ${t(`criteria:levels.${l.name}`).toLowerCase()}`)
                .join(", ")}`}
              parts={levels.map((l) => ({
                key: l.name,
                label: t(`criteria:levels.${l.name}`),
                count: totalCounts[String(l.value)] ?? 0,
                color: scaleColors[l.name],
              }))}
            />
            <Legend
              items={levels.map((l) => ({
                key: l.name,
                label: t(`criteria:levels.${l.name}`),
                color: scaleColors[l.name],
              }))}
            />
            <div className="mt-3 overflow-x-auto">
              <table className="w-full bg-white text-left shadow-sm" data-testid={`levels-table-${d.dimension}`}>
                <caption className="sr-only">{t("results:summary.levelsTable", { name: d.name })}</caption>
                <thead>
                  <tr className="border-b">
                    <th scope="col" className="p-2">
                      {t("results:table.team")}
                    </th>
                    {levels.map((l) => (
                      <th key={l.name} scope="col" className="p-2">
                        {t(`criteria:levels.${l.name}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr
                      key={row.key}
                      className={`border-b last:border-0 ${row.key === "total" ? "font-semibold" : ""}`}
                    >
                      <th scope="row" className="p-2 font-normal">
                        {row.name}
                      </th>
                      {levels.map((l) => (
                        <td key={l.name} className="p-2">
                          {(row.counts[dim] as Counts | undefined)?.[String(l.value)] ?? 0}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </>
  );
}
