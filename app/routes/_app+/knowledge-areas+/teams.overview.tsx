import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable, PageHeader, Row, Section } from "~/components/ui/table";
import { surplusMatches } from "~/features/knowledge-areas/knowledge-card";
import { getKnowledgeCards } from "~/features/knowledge-areas/knowledge-cards.server";
import { listKnowledgeTeams } from "~/features/knowledge-areas/knowledge-teams.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

/**
 * All teams' shortages and surpluses side by side (spec §2 knowledge-areas/teams/overview): one row per
 * knowledge area, one column per team with a card, so one team's surplus can be seen next to another's shortage.
 */
export const handle = { i18n: ["knowledge-areas"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "knowledge-areas", "knowledgeArea.manage");
  const cards = (await getKnowledgeCards(ctx, await listKnowledgeTeams(ctx))).filter((c) => c.areas.length > 0);
  const areas = new Map<string, string>();
  for (const card of cards) for (const a of card.areas) areas.set(a.areaId, a.areaName);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "knowledge-areas:overview.title"),
    teams: cards.map((c) => c.team),
    matches: surplusMatches(cards.map((c) => ({ teamName: c.team.name, areas: c.areas }))),
    rows: [...areas]
      .sort(([, a], [, b]) => a.localeCompare(b))
      .map(([areaId, name]) => ({
        areaId,
        name,
        cells: cards.map((c) => {
          const area = c.areas.find((a) => a.areaId === areaId);
          return area ? { shortage: area.shortage, surplus: area.surplus } : null;
        }),
      })),
  };
}

export default function KnowledgeOverviewPage() {
  const { t } = useTranslation();
  const { teams, rows, matches } = useLoaderData<typeof loader>();
  return (
    <div>
      <p className="mb-2">
        <Link to="/knowledge-areas/teams">{t("knowledge-areas:teams.backToList")}</Link>
      </p>
      <PageHeader title={t("knowledge-areas:overview.title")} />
      <p className="mb-4 mt-2 max-w-3xl">{t("knowledge-areas:overview.intro")}</p>
      {teams.length === 0 ? (
        <p>{t("knowledge-areas:overview.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <ListTable
            sticky={false}
            caption={t("knowledge-areas:overview.title")}
            columns={[
              { label: t("knowledge-areas:card.area") },
              ...teams.map((team) => ({
                label: <Link to={`/knowledge-areas/teams/${team.id}/card`}>{team.name}</Link>,
              })),
            ]}
          >
            {rows.map((row) => (
              <Row
                key={row.areaId}
                cells={[
                  row.name,
                  ...row.cells.map((cell) =>
                    !cell ? (
                      <span className="text-ink-muted">{t("knowledge-areas:overview.notOnCard")}</span>
                    ) : (
                      <>
                        {cell.shortage > 0 ? (
                          <span className="block font-medium text-danger">
                            {t("knowledge-areas:overview.shortage", { count: cell.shortage })}
                          </span>
                        ) : null}
                        {cell.surplus > 0 ? (
                          <span className="block font-medium text-success">
                            {t("knowledge-areas:overview.surplus", { count: cell.surplus })}
                          </span>
                        ) : null}
                        {cell.shortage === 0 && cell.surplus === 0 ? t("knowledge-areas:overview.balanced") : null}
                      </>
                    ),
                  ),
                ]}
              />
            ))}
          </ListTable>
        </div>
      )}
      {matches.length > 0 ? (
        <Section
          id="matches"
          title={t("knowledge-areas:overview.matchesTitle")}
          className="mt-8 max-w-3xl"
          headingClassName="text-xl font-semibold"
        >
          <ul className="mt-2 list-disc pl-6">
            {matches.map((m) => (
              <li key={`${m.areaId}:${m.shortageTeams.join()}`}>
                {t("knowledge-areas:overview.match", {
                  area: m.areaName,
                  from: m.surplusTeams.join(", "),
                  to: m.shortageTeams.join(", "),
                })}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
