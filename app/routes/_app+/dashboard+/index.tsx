import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  EmployeeSearchBlock,
  HrOverviewBlock,
  MyDialogsBlock,
  MyFlowBlock,
  MyGrowthBlock,
  MyTeamsBlock,
} from "~/features/dashboard/components/dashboard-blocks";
import { listMyTeams, openTeamReviews } from "~/features/dashboard/dashboard.server";
import { hrOverview } from "~/features/dashboard/hr-overview.server";
import { dialogProgressFor } from "~/features/dialogs/dialogs.server";
import { myFlowZones } from "~/features/flow/flows.server";
import { getAmbition } from "~/features/growth/ambitions.server";
import { myReviewHistory } from "~/features/growth/growth-history.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { can, requireUser, type TenantContext } from "~/utils/tenant.server";
import type { loader as layoutLoader } from "../_layout";

export const handle = { i18n: ["dashboard", "tasks", "flow", "growth", "criteria", "account", "import"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** My growth in short: the ambition (module growth-and-ambition; undefined when off) and my latest role. */
async function growthSummary(ctx: TenantContext, membershipId: string) {
  const owner = { accountId: ctx.accountId, clusterId: ctx.clusterId, membershipId };
  const [ambition, history] = await Promise.all([
    ctx.modules.has("growth-and-ambition") ? getAmbition(owner) : undefined,
    myReviewHistory(owner, ["team", "self"]),
  ]);
  const latest = history.find((r) => r.role);
  return {
    ambition:
      ambition === undefined
        ? undefined
        : ambition && {
            summary:
              [ambition.role, ambition.positionName, ambition.competenceName, ambition.text].filter(Boolean)[0] ?? "",
          },
    latestRole: latest?.role ? { role: latest.role, name: latest.name } : null,
  };
}

/**
 * The dashboard (spec §2): welcome, my teams with each team's open review, unread tasks, my dialogs'
 * progress, my latest flow, my growth, an employee search, and for HR and admins the cluster's overview
 * (hr-overview.server.ts). Each block only when its module is on and I have the right (1123, 1140).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const t = await getServerT(request);
  const membershipId = ctx.membershipId;
  const showFlow = Boolean(membershipId) && ctx.modules.has("flow") && can(ctx, "flows.manage");
  const showDialogs = Boolean(membershipId) && ctx.modules.has("dialog") && can(ctx, "dialogs.edit");
  // The blocks are independent: read side by side (the open reviews need the teams first).
  const [teams, dialogs, flow, growth, overview] = await Promise.all([
    listMyTeams(ctx),
    // My started dialogs with the share of actions done; empty when the block is off or there are none.
    showDialogs ? dialogProgressFor(ctx, ctx.user.id) : [],
    showFlow ? myFlowZones(ctx, 1).then((zones) => ({ latest: zones[0] ?? null })) : null,
    membershipId && can(ctx, "growth.active") ? growthSummary(ctx, membershipId) : null,
    hrOverview(ctx),
  ]);
  return {
    title: pageTitle(t, "dashboard:title"),
    firstName: ctx.user.firstName || ctx.user.displayName,
    clusterName: ctx.cluster.name,
    teams,
    openReviews: ctx.modules.has("team-review")
      ? await openTeamReviews(
          ctx,
          teams.map((team) => team.id),
        )
      : null,
    // The tasks block needs an employee record here; its count is the layout's badge (read once a request).
    showTasks: Boolean(membershipId),
    dialogs,
    flow,
    growth,
    canSearch: can(ctx, "users.manage"),
    overview,
  };
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const { firstName, clusterName, teams, openReviews, showTasks, dialogs, flow, growth, canSearch, overview } =
    useLoaderData<typeof loader>();
  const unseenTasks = useRouteLoaderData<typeof layoutLoader>("routes/_app+/_layout")?.badges.tasks ?? 0;
  return (
    <>
      <h1>{t("dashboard:welcome", { name: firstName })}</h1>
      <p className="mt-2 text-ink-muted">{t("dashboard:intro", { cluster: clusterName })}</p>

      {canSearch ? <EmployeeSearchBlock /> : null}

      {overview ? <HrOverviewBlock overview={overview} clusterName={clusterName} /> : null}

      <MyTeamsBlock teams={teams} openReviews={openReviews} managesTeams={Boolean(overview)} />

      {showTasks ? (
        <section aria-labelledby="my-tasks" className="mt-8 max-w-2xl rounded bg-white p-6 shadow-sm">
          <h2 id="my-tasks">{t("tasks:dashboard.title")}</h2>
          <p className="mt-2">
            {unseenTasks > 0 ? t("tasks:dashboard.unseen", { count: unseenTasks }) : t("tasks:dashboard.none")}{" "}
            <Link to="/tasks/inbox" className="underline">
              {t("tasks:dashboard.open")}
            </Link>
          </p>
        </section>
      ) : null}

      {dialogs.length > 0 ? <MyDialogsBlock dialogs={dialogs} /> : null}

      {flow ? <MyFlowBlock latest={flow.latest} /> : null}

      {growth ? <MyGrowthBlock ambition={growth.ambition} latestRole={growth.latestRole} /> : null}

      <p className="mt-8">
        <Link to="/dashboard/introduction">{t("dashboard:introductionLink")}</Link>
      </p>
    </>
  );
}
