import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TabbedDetailPage } from "~/components/tabbed-detail-page";
import { KnowledgeCardTable } from "~/features/knowledge-areas/components/knowledge-card-table";
import { KnowledgeChart } from "~/features/knowledge-areas/components/knowledge-chart";
import { KnowledgeMembersTable } from "~/features/knowledge-areas/components/knowledge-members-table";
import { getKnowledgeCards } from "~/features/knowledge-areas/knowledge-cards.server";
import { knowledgeCardTabs, type KnowledgeCardTab } from "~/features/knowledge-areas/knowledge-scale";
import { requireKnowledgeTeam } from "~/features/knowledge-areas/knowledge-teams.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound, requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import printStyles from "~/styles/print.css";
import { requireModule } from "~/utils/tenant.server";

/** A team's knowledge card (spec §2 knowledge-areas/teams/{id}/{tab}): the card, and the members' levels. */
export const handle = { i18n: ["knowledge-areas"] };
// The A4 print stylesheet also when the card itself is printed (docs/decisions/1321).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];
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
          <div className="mt-6 relative overflow-x-auto">
            <KnowledgeCardTable areas={card.areas} totals={card.totals} />
          </div>
        </>
      ) : (
        <KnowledgeMembersTable
          areas={card.areas}
          members={card.members}
          caption={t("knowledge-areas:card.tabs.members")}
        />
      )}
      <p className="no-print mt-6 flex flex-wrap gap-6">
        <Link to={setupHref}>{t(`knowledge-areas:card.edit.${tab}`)}</Link>
        {card.areas.length > 0 ? (
          <Link to={`/knowledge-areas/teams/${card.team.id}/print`}>{t("knowledge-areas:print.link")}</Link>
        ) : null}
      </p>
    </TabbedDetailPage>
  );
}
