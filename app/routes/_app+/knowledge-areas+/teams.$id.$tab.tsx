import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TabbedDetailPage } from "~/components/tabbed-detail-page";
import { ListTable, Row } from "~/components/ui/table";
import { KnowledgeCardTable } from "~/features/knowledge-areas/components/knowledge-card-table";
import { KnowledgeChart } from "~/features/knowledge-areas/components/knowledge-chart";
import { getKnowledgeCards } from "~/features/knowledge-areas/knowledge-cards.server";
import { knowledgeCardTabs, type KnowledgeCardTab } from "~/features/knowledge-areas/knowledge-scale";
import { requireKnowledgeTeam } from "~/features/knowledge-areas/knowledge-teams.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound, requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

/** A team's knowledge card (spec §2 knowledge-areas/teams/{id}/{tab}): the card, and the members' levels. */
export const handle = { i18n: ["knowledge-areas"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseTab(value: string | undefined): KnowledgeCardTab {
  const tab = knowledgeCardTabs.find((t) => t === value);
  if (!tab) notFound();
  return tab;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "knowledge-areas", "knowledgeArea.manage");
  const tab = parseTab(params.tab);
  const team = await requireKnowledgeTeam(ctx, requireUuid(params.id));
  const [card] = await getKnowledgeCards(ctx, [team]);
  const t = await getServerT(request);
  return { title: detailPageTitle(t, team.name, `knowledge-areas:card.tabs.${tab}`), tab, card };
}

export default function KnowledgeCardPage() {
  const { t } = useTranslation();
  const { tab, card } = useLoaderData<typeof loader>();
  const setupHref = `/knowledge-areas/teams/setup?step=${tab === "members" ? 3 : 2}&team=${card.team.id}`;
  return (
    <TabbedDetailPage
      className="max-w-5xl"
      back={{ href: "/knowledge-areas/teams", label: t("knowledge-areas:teams.backToList") }}
      title={t("knowledge-areas:card.title", { team: card.team.name })}
      tabsLabel={t("knowledge-areas:card.tabs.label")}
      baseHref={`/knowledge-areas/teams/${card.team.id}`}
      tabs={knowledgeCardTabs.map((key) => ({ key, label: t(`knowledge-areas:card.tabs.${key}`) }))}
    >
      {card.areas.length === 0 ? (
        <p>{t("knowledge-areas:card.empty")}</p>
      ) : tab === "card" ? (
        <>
          <KnowledgeChart areas={card.areas} id="knowledge-chart" />
          <div className="mt-6 overflow-x-auto">
            <KnowledgeCardTable areas={card.areas} totals={card.totals} />
          </div>
        </>
      ) : (
        <ListTable
          sticky={false}
          caption={t("knowledge-areas:card.tabs.members")}
          columns={[{ label: t("knowledge-areas:card.member") }, ...card.areas.map((a) => ({ label: a.areaName }))]}
        >
          {card.members.map((m) => (
            <Row
              key={m.membershipId}
              cells={[
                m.name,
                ...card.areas.map((a) =>
                  m.levels[a.areaId] === undefined
                    ? t("knowledge-areas:card.notScored")
                    : t(`knowledge-areas:levels.${m.levels[a.areaId]}`),
                ),
              ]}
            />
          ))}
        </ListTable>
      )}
      <p className="no-print mt-6">
        <Link to={setupHref}>{t(`knowledge-areas:card.edit.${tab}`)}</Link>
      </p>
    </TabbedDetailPage>
  );
}
