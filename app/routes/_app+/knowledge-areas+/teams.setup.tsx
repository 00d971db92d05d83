import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/table";
import {
  ChooseAreasStep,
  ChooseTeamStep,
  ScoreMembersStep,
  SETUP_PATH,
  StepHeading,
  type SetupReply,
} from "~/features/knowledge-areas/components/setup-steps";
import {
  chooseAreasSchema,
  chooseTeamSchema,
  scoreMembersSchema,
} from "~/features/knowledge-areas/knowledge-areas.schema";
import {
  getMemberLevels,
  getTeamNeeds,
  listKnowledgeAreas,
  saveMemberLevels,
  saveTeamNeeds,
} from "~/features/knowledge-areas/knowledge-setup.server";
import {
  listKnowledgeTeams,
  listTeamMembers,
  requireKnowledgeTeam,
} from "~/features/knowledge-areas/knowledge-teams.server";
import { getServerT } from "~/utils/i18n.server";
import { isUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireModule, type TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

/**
 * The knowledge card setup in 3 steps (spec §2, §5; docs/decisions/1081): 1 one team, 2 its areas and the
 * people needed per level, 3 each member's level per area. The step and team are in the URL
 * (?step=2&team=…); each form carries them too, and every step saves in one transaction.
 */
export const handle = { i18n: ["knowledge-areas", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function stepOf(value: FormDataEntryValue | string | null): 1 | 2 | 3 {
  return value === "2" ? 2 : value === "3" ? 3 : 1;
}

async function stepData(ctx: TenantContext, step: 1 | 2 | 3, teamParam: string | null) {
  if (step === 1) {
    return { step, teams: await listKnowledgeTeams(ctx), teamId: isUuid(teamParam) ? teamParam : null } as const;
  }
  if (!teamParam) throw redirect(SETUP_PATH);
  const team = await requireKnowledgeTeam(ctx, teamParam);
  const needs = await getTeamNeeds(ctx, team.id);
  const areas = await listKnowledgeAreas(ctx);
  if (step === 2) return { step, team, areas, needs: Object.fromEntries(needs) } as const;
  if (needs.size === 0) throw redirect(`${SETUP_PATH}?step=2&team=${team.id}`);
  const cardAreas = areas.filter((a) => needs.has(a.id));
  const members = await listTeamMembers(ctx, [team.id]);
  const levels = await getMemberLevels(
    ctx,
    members.map((m) => m.membershipId),
    cardAreas.map((a) => a.id),
  );
  return { step, team, areas: cardAreas, members, levels: Object.fromEntries(levels) } as const;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "knowledge-areas", "knowledgeArea.manage");
  const url = new URL(request.url);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "knowledge-areas:setup.title"),
    ...(await stepData(ctx, stepOf(url.searchParams.get("step")), url.searchParams.get("team"))),
  };
}

function failed(reply: { error?: Record<string, string[] | null> | null }, formData: FormData) {
  const values: SetupReply["values"] = {};
  for (const name of new Set(formData.keys())) {
    const all = formData.getAll(name).map(String);
    values[name] = all.length > 1 ? all : all[0];
  }
  return data({ errors: reply.error ?? {}, values } satisfies SetupReply, { status: 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "knowledge-areas", "knowledgeArea.manage");
  const formData = await readForm(request);
  const step = stepOf(formData.get("step"));
  const writer = { accountId: ctx.accountId, clusterId: ctx.clusterId, userId: ctx.user.id };
  if (step === 1) {
    const submission = parseWithZod(formData, { schema: chooseTeamSchema });
    if (submission.status !== "success") return failed(submission.reply(), formData);
    const team = await requireKnowledgeTeam(ctx, submission.value.teamIds[0]);
    return redirect(`${SETUP_PATH}?step=2&team=${team.id}`);
  }
  if (step === 2) {
    const submission = parseWithZod(formData, { schema: chooseAreasSchema });
    if (submission.status !== "success") return failed(submission.reply(), formData);
    const { teamIds, ...input } = submission.value;
    const team = await requireKnowledgeTeam(ctx, teamIds[0]);
    const result = await saveTeamNeeds(writer, team.id, input);
    if (!result.ok) return failed(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), formData);
    return redirectWithToast(`${SETUP_PATH}?step=3&team=${team.id}`, { key: "knowledge-areas:toast.areasSaved" });
  }
  const submission = parseWithZod(formData, { schema: scoreMembersSchema });
  if (submission.status !== "success") return failed(submission.reply(), formData);
  const team = await requireKnowledgeTeam(ctx, submission.value.teamIds[0]);
  await saveMemberLevels(writer, team.id, submission.value.levels);
  return redirectWithToast(`/knowledge-areas/teams/${team.id}/card`, { key: "knowledge-areas:toast.levelsSaved" });
}

export default function KnowledgeCardSetupPage() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SetupReply | undefined;
  return (
    <div className="max-w-5xl">
      <p className="mb-2">
        <Link to="/knowledge-areas/teams">{t("knowledge-areas:teams.backToList")}</Link>
      </p>
      <PageHeader title={t("knowledge-areas:setup.title")} />
      {page.step !== 1 ? <p className="mt-2 text-lg">{page.team.name}</p> : null}
      <StepHeading step={page.step} />
      {page.step === 1 ? (
        page.teams.length === 0 ? (
          <p className="mt-4">{t("knowledge-areas:teams.noTeams")}</p>
        ) : (
          <ChooseTeamStep teams={page.teams} teamId={page.teamId} reply={reply} />
        )
      ) : page.step === 2 ? (
        <ChooseAreasStep teamId={page.team.id} areas={page.areas} needs={page.needs} reply={reply} />
      ) : (
        <ScoreMembersStep
          teamId={page.team.id}
          areas={page.areas}
          members={page.members}
          levels={page.levels}
          reply={reply}
        />
      )}
    </div>
  );
}
