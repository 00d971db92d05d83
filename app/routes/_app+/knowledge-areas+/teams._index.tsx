import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable, PageHeader, Row } from "~/components/ui/table";
import { managesKnowledgeAreas } from "~/features/knowledge-areas/knowledge-areas-admin.server";
import { getKnowledgeCards } from "~/features/knowledge-areas/knowledge-cards.server";
import { listKnowledgeTeams } from "~/features/knowledge-areas/knowledge-teams.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

/** The teams whose knowledge cards I manage (spec §2 knowledge-areas/teams), with each card's totals. */
export const handle = { i18n: ["knowledge-areas"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "knowledge-areas", "knowledgeArea.manage");
  const cards = await getKnowledgeCards(ctx, await listKnowledgeTeams(ctx));
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "knowledge-areas:teams.title"),
    managesAreas: managesKnowledgeAreas(ctx),
    teams: cards.map((c) => ({ ...c.team, areas: c.areas.length, ...c.totals })),
  };
}

export default function KnowledgeTeamsPage() {
  const { t } = useTranslation();
  const { teams, managesAreas } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-5xl">
      <PageHeader title={t("knowledge-areas:teams.title")}>
        <Link to="/knowledge-areas/teams/setup" className="rounded bg-brand-700 px-4 py-2 text-white no-underline">
          {t("knowledge-areas:setup.title")}
        </Link>
      </PageHeader>
      <p className="mt-2">{t("knowledge-areas:teams.intro")}</p>
      <p className="mb-4 mt-2 flex flex-wrap gap-6">
        <Link to="/knowledge-areas/teams/overview">{t("knowledge-areas:overview.title")}</Link>
        {managesAreas ? <Link to="/knowledge-areas/areas">{t("knowledge-areas:areas.title")}</Link> : null}
      </p>
      {teams.length === 0 ? (
        <p>{t("knowledge-areas:teams.noTeams")}</p>
      ) : (
        <ListTable
          caption={t("knowledge-areas:teams.title")}
          columns={[
            { label: t("knowledge-areas:teams.team") },
            { label: t("knowledge-areas:teams.areas") },
            { label: t("knowledge-areas:card.shortage") },
            { label: t("knowledge-areas:card.surplus") },
          ]}
        >
          {teams.map((team) => (
            <Row
              key={team.id}
              cells={[
                <Link key="card" to={`/knowledge-areas/teams/${team.id}/card`}>
                  {team.name}
                </Link>,
                team.areas === 0 ? (
                  <Link key="setup" to={`/knowledge-areas/teams/setup?step=2&team=${team.id}`}>
                    {t("knowledge-areas:teams.notSetUp")}
                  </Link>
                ) : (
                  team.areas
                ),
                team.shortage,
                team.surplus,
              ]}
            />
          ))}
        </ListTable>
      )}
    </div>
  );
}
