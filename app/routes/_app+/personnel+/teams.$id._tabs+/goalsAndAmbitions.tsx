import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TeamGoalsPanel } from "~/features/team-goals/components/team-goals-panel";
import { goalTabState, nextGoalQuery, teamGoalSchema } from "~/features/team-goals/team-goals.schema";
import {
  archiveTeamGoal,
  createTeamGoal,
  goalWriter,
  listLinkableReviews,
  listTeamGoals,
  requireGoalTeam,
  updateTeamGoal,
} from "~/features/team-goals/team-goals.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { can, requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusalStatus } from "~/utils/refusal.server";
import { writeOrRedirect, writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["teams", "goals", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

// The tab is part of the team's page, which is for teams.manage (its layout); everyone else reads the
// goals of their teams on /goals-and-ambitions (docs/decisions/0960).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "teams.manage");
  const team = await requireGoalTeam(ctx, requireUuid(params.id));
  const { active, archived } = await listTeamGoals(ctx, { teamId: team.id });
  const canManage = can(ctx, "teamGoals.manage");
  const rounds = canManage ? await listLinkableReviews(ctx, team.id) : [];
  const state = goalTabState(new URL(request.url));
  // Only an active goal of this team can be opened for editing or archiving; anything else shows the list.
  const isActive = (id: string | null) => (id && active.some((g) => g.id === id) ? id : null);
  return {
    title: detailPageTitle(await getServerT(request), team.name, "teams:tabs.goalsAndAmbitions"),
    teamId: team.id,
    active,
    archived,
    canManage,
    rounds,
    editing: canManage ? (state.edit === "new" ? "new" : isActive(state.edit)) : null,
    archiving: canManage ? isActive(state.archive) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "teamGoals.manage");
  const team = await requireGoalTeam(ctx, requireUuid(params.id));
  const here = `/personnel/teams/${team.id}/goalsAndAmbitions`;
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const writer = goalWriter(ctx);
  let goalId: string | null;
  switch (intent) {
    case "archive":
      await writeOrRedirect("update", "goal", request, () =>
        archiveTeamGoal(writer, requireUuid(String(formData.get("goalId") ?? "")), { teamId: team.id }),
      );
      return redirectWithToast(here, { key: "goals:archived" });
    case "add":
      goalId = null;
      break;
    case "edit":
      goalId = requireUuid(String(formData.get("goalId") ?? ""));
      break;
    default:
      throw new Response("Bad request", { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: teamGoalSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = goalId
    ? await writeOrRefuse("update", "goal", () => updateTeamGoal(writer, goalId, submission.value, { teamId: team.id }))
    : await writeOrRefuse("add", "goal", () => createTeamGoal(writer, team.id, submission.value));
  if (!result.ok) {
    const reply =
      result.errorKey === "goals:archivedReadOnly"
        ? submission.reply({ formErrors: [result.errorKey] })
        : submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } });
    return data(reply, { status: refusalStatus(result) });
  }
  return redirectWithToast(`${here}${nextGoalQuery(formData.get("next"))}`, {
    key: goalId ? "goals:saved" : "goals:created",
  });
}

export default function TeamGoalsRoute() {
  const { teamId, active, archived, canManage, editing, archiving, rounds } = useLoaderData<typeof loader>();
  return (
    <TeamGoalsPanel
      baseHref={`/personnel/teams/${teamId}/goalsAndAmbitions`}
      active={active}
      archived={archived}
      canManage={canManage}
      editing={editing}
      archiving={archiving}
      rounds={rounds}
      lastResult={useActionData<typeof action>()}
    />
  );
}
