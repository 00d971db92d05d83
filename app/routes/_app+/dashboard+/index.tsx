import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listMyTeams } from "~/features/dashboard/dashboard.server";
import { countUnseenTasks } from "~/features/tasks/tasks.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";

export const handle = { i18n: ["dashboard", "tasks"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "dashboard:title"),
    firstName: ctx.user.firstName || ctx.user.displayName,
    clusterName: ctx.cluster.name,
    teams: await listMyTeams(ctx),
    // Open tasks given to me that I have not opened yet; null without an employee record here.
    unseenTasks: ctx.membershipId ? await countUnseenTasks(ctx) : null,
  };
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const { firstName, clusterName, teams, unseenTasks } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("dashboard:welcome", { name: firstName })}</h1>
      <p className="mt-2 text-ink-muted">{t("dashboard:intro", { cluster: clusterName })}</p>

      <section aria-labelledby="my-teams" className="mt-8 max-w-2xl rounded bg-white p-6 shadow-sm">
        <h2 id="my-teams">{t("dashboard:myTeams.title")}</h2>
        {teams.length === 0 ? (
          <p className="mt-2">{t("dashboard:myTeams.empty")}</p>
        ) : (
          <table className="mt-4 w-full text-left">
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2">
                  {t("dashboard:myTeams.team")}
                </th>
                <th scope="col" className="py-2">
                  {t("dashboard:myTeams.role")}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t("dashboard:myTeams.members")}
                </th>
              </tr>
            </thead>
            <tbody>
              {teams.map((team) => (
                <tr key={team.id} className="border-b last:border-0">
                  <td className="py-2">{team.name}</td>
                  <td className="py-2">
                    {team.isLeader ? t("dashboard:myTeams.leader") : t("dashboard:myTeams.member")}
                  </td>
                  <td className="py-2 text-right">{team.memberCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {unseenTasks !== null ? (
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

      <p className="mt-8">
        <Link to="/dashboard/introduction">{t("dashboard:introductionLink")}</Link>
      </p>
    </>
  );
}
