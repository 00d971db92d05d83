import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { knowledgeCardTabs } from "~/features/knowledge-areas/knowledge-scale";
import { requireKnowledgeTeam } from "~/features/knowledge-areas/knowledge-teams.server";
import { requireUuid } from "~/utils/not-found";
import { requireModule } from "~/utils/tenant.server";

/** knowledge-areas/teams/{id} opens the card tab; the tab select of small screens sends ?tab=. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "knowledge-areas", "knowledgeArea.manage");
  const team = await requireKnowledgeTeam(ctx, requireUuid(params.id));
  const tab = new URL(request.url).searchParams.get("tab");
  const open = knowledgeCardTabs.find((t) => t === tab) ?? "card";
  return redirect(`/knowledge-areas/teams/${team.id}/${open}`);
}

export { default } from "~/components/redirect-route";
