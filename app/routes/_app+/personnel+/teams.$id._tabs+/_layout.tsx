import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TabbedDetailPage } from "~/components/tabbed-detail-page";
import { CreateTaskLink } from "~/features/tasks/components/create-task-link";
import { teamTabs } from "~/features/teams/team-tabs";
import { getTeam } from "~/features/teams/teams.server";
import { requireUuid } from "~/utils/not-found";
import { requireRight } from "~/utils/tenant.server";

/** The team page's frame; each tab is a child route (goalsAndAmbitions, settings, and $tab for members and leaders). */
export const handle = { i18n: ["teams", "tasks", "validation"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  // A task hangs on the giver's membership: without one (an account admin outside the cluster) no link.
  return { team: await getTeam(ctx, requireUuid(params.id)), mayGiveTask: ctx.membershipId !== null };
}

export default function TeamPage() {
  const { t } = useTranslation();
  const { team, mayGiveTask } = useLoaderData<typeof loader>();
  return (
    <TabbedDetailPage
      className="max-w-4xl"
      back={{ href: "/personnel/teams", label: t("teams:backToList") }}
      title={team.name}
      status={mayGiveTask ? <CreateTaskLink aboutType="team" aboutId={team.id} /> : undefined}
      tabsLabel={t("teams:tabs.label")}
      baseHref={`/personnel/teams/${team.id}`}
      tabs={teamTabs.map((key) => ({ key, label: t(`teams:tabs.${key}`) }))}
    >
      <Outlet />
    </TabbedDetailPage>
  );
}
