import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterForm, FilterSelect } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/table";
import { GoalCard } from "~/features/team-goals/components/goal-card";
import { goalListFilterSchema } from "~/features/team-goals/goal-list-filter";
import { listGoalTeams, listTeamGoals } from "~/features/team-goals/team-goals.server";
import { getServerT } from "~/utils/i18n.server";
import { parseRequestFilter } from "~/utils/list-filter";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { can, requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["goals", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/**
 * Goals and ambitions of every team I may see (spec §2 goals-and-ambitions, teamGoals.read): with
 * teams.manage all teams of the cluster, otherwise the teams I lead or belong to. Read-only; managers
 * change them on the team's tab.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teamGoals.read");
  const { team } = parseRequestFilter(goalListFilterSchema, request);
  const teams = await listGoalTeams(ctx);
  // A team I may not see (another cluster's or account's, or not mine) is a 404, never an empty list.
  if (team && !teams.some((t) => t.id === team)) notFound();
  const { active, archived } = await listTeamGoals(ctx, { teamId: team });
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "goals:title"),
    team,
    teams,
    canManage: can(ctx, "teamGoals.manage"),
    groups: teams
      .filter((t) => !team || t.id === team)
      .map((t) => ({
        ...t,
        active: active.filter((g) => g.teamId === t.id),
        archived: archived.filter((g) => g.teamId === t.id),
      }))
      .filter((g) => team || g.active.length > 0 || g.archived.length > 0),
  };
}

export default function GoalsAndAmbitionsPage() {
  const { t } = useTranslation();
  const { team, teams, canManage, groups } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-4xl">
      <PageHeader title={t("goals:title")} />
      <p className="mt-2">{t("goals:page.intro")}</p>
      {teams.length === 0 ? (
        <p className="mt-6">{t("goals:page.noTeams")}</p>
      ) : (
        <FilterForm submitLabel={t("goals:page.filter")}>
          <FilterSelect
            id="goals-team"
            name="team"
            label={t("goals:page.team")}
            value={team}
            allLabel={t("goals:page.allTeams")}
            options={teams.map((o) => ({ value: o.id, label: o.name }))}
          />
        </FilterForm>
      )}
      {teams.length > 0 && groups.length === 0 ? <p className="mt-6">{t("goals:page.empty")}</p> : null}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`team-${group.id}-title`} className="mt-8">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
            <h2 id={`team-${group.id}-title`} className="text-xl font-semibold">
              {group.name}
            </h2>
            {canManage ? (
              <Link to={`/personnel/teams/${group.id}/goalsAndAmbitions`}>
                {t("goals:page.manage", { team: group.name })}
              </Link>
            ) : null}
          </div>
          {group.active.length === 0 ? <p>{t("goals:none")}</p> : null}
          <ul className="space-y-4">
            {group.active.map((goal) => (
              <li key={goal.id}>
                <GoalCard goal={goal} />
              </li>
            ))}
          </ul>
          {group.archived.length > 0 ? (
            <section aria-labelledby={`team-${group.id}-archived`} className="mt-4">
              <h3 id={`team-${group.id}-archived`} className="mb-2 text-lg font-semibold">
                {t("goals:page.archivedTitle")}
              </h3>
              <ul className="space-y-4">
                {group.archived.map((goal) => (
                  <li key={goal.id}>
                    <GoalCard goal={goal} headingLevel={4} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </section>
      ))}
    </div>
  );
}
