import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PrintButton } from "~/components/print-button";
import { KnowledgeCardTable } from "~/features/knowledge-areas/components/knowledge-card-table";
import { KnowledgeChart } from "~/features/knowledge-areas/components/knowledge-chart";
import { KnowledgeMembersTable } from "~/features/knowledge-areas/components/knowledge-members-table";
import { getKnowledgeCards } from "~/features/knowledge-areas/knowledge-cards.server";
import { requireKnowledgeTeam } from "~/features/knowledge-areas/knowledge-teams.server";
import printStyles from "~/styles/print.css";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";

/**
 * A team's knowledge card as one A4 print (docs/decisions/1321): the chart and the card's table on the first
 * page, the members' levels on the next. A page of its own, so it prints without JavaScript (the browser's print
 * command); with JavaScript a button calls window.print().
 */
export const handle = { i18n: ["knowledge-areas"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "knowledge-areas", "knowledgeArea.manage");
  const team = await requireKnowledgeTeam(ctx, requireUuid(params.id));
  const [card] = await getKnowledgeCards(ctx, [team]);
  const t = await getServerT(request);
  return {
    title: detailPageTitle(t, team.name, "knowledge-areas:print.title"),
    card,
    printedOn: formatDate(new Date()),
  };
}

export default function KnowledgeCardPrintPage() {
  const { t } = useTranslation();
  const { card, printedOn } = useLoaderData<typeof loader>();
  return (
    <article className="knowledge-print max-w-4xl">
      <div className="no-print mb-4 flex flex-wrap items-center gap-4">
        <Link to={`/knowledge-areas/teams/${card.team.id}/card`}>{t("knowledge-areas:print.back")}</Link>
        <PrintButton
          label={t("knowledge-areas:print.button")}
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white"
        />
        <p className="text-ink-muted">{t("knowledge-areas:print.hint")}</p>
      </div>
      <h1 className="mb-1">{t("knowledge-areas:card.title", { team: card.team.name })}</h1>
      <p className="mb-4 text-sm text-ink-muted">{t("knowledge-areas:print.printedOn", { date: printedOn })}</p>
      {card.areas.length === 0 ? (
        <p>{t("knowledge-areas:card.empty")}</p>
      ) : (
        <>
          <figure className="mb-4">
            <KnowledgeChart areas={card.areas} id="knowledge-print-chart" />
          </figure>
          <KnowledgeCardTable areas={card.areas} totals={card.totals} />
          <section aria-labelledby="print-members" className="print-page-break mt-8">
            <h2 id="print-members" className="mb-2 text-xl font-semibold">
              {t("knowledge-areas:print.members")}
            </h2>
            <KnowledgeMembersTable
              areas={card.areas}
              members={card.members}
              caption={t("knowledge-areas:print.members")}
            />
          </section>
        </>
      )}
    </article>
  );
}
