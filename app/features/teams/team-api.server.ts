import { listTeamGoals, type TeamGoalView } from "~/features/team-goals/team-goals.server";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * Spec §3 Team "goals and ambitions" for the API (decision 1753): per team its goals and its ambitions
 * (active first, then archived ones with archivedOn), through the one team-goals service and its reading
 * rule. One query for all the teams asked about.
 */
export async function goalsOfTeams(ctx: TenantContext, teamIds: readonly string[]) {
  const { active, archived } = await listTeamGoals(ctx, teamIds.length === 1 ? { teamId: teamIds[0] } : {});
  const byTeam = new Map(teamIds.map((id) => [id, { goals: [] as TeamGoalView[], ambitions: [] as TeamGoalView[] }]));
  for (const goal of [...active, ...archived]) {
    const team = byTeam.get(goal.teamId);
    if (team) (goal.kind === "goal" ? team.goals : team.ambitions).push(goal);
  }
  return byTeam;
}
