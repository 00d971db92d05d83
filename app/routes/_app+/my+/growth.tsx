import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/table";
import { getMyScores } from "~/features/competences/scores.server";
import { myLearningGoals } from "~/features/dialogs/my-learning-goals.server";
import { myFlowZones } from "~/features/flow/flows.server";
import { clearAmbition, getAmbition, listAmbitionCompetences, saveAmbition } from "~/features/growth/ambitions.server";
import { AmbitionForm } from "~/features/growth/components/ambition-form";
import { GrowthCompetenceGaps, GrowthLearningGoals } from "~/features/growth/components/growth-module-blocks";
import { GrowthCriteriaTable, GrowthFlowTable, GrowthReviewTable } from "~/features/growth/components/growth-tables";
import { myCalibrations, myCriterionScores, myReviewHistory } from "~/features/growth/growth-history.server";
import { ambitionSchema } from "~/features/growth/growth.schema";
import { listPositionOptions } from "~/features/positions/positions.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";
import { can, requireModule, requireRight } from "~/utils/tenant.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";

export const handle = { i18n: ["growth", "criteria", "flow", "competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/**
 * My growth (spec §2 my/growth, growth.active: module growth-and-ambition, dialog or competences; 1122): my
 * ambition (module growth-and-ambition) and my growth over time from what the cluster's modules hold:
 * review roles, flow, my dialogs' learning goals (module dialog) and my competence gaps against my
 * position(s) (module competences) — always my own membership's data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "growth.active");
  const t = await getServerT(request);
  const title = pageTitle(t, "growth:title");
  const membershipId = ctx.membershipId;
  if (!membershipId) return { title, employee: null };
  const owner = { accountId: ctx.accountId, clusterId: ctx.clusterId, membershipId };
  const ambitionOn = ctx.modules.has("growth-and-ambition");
  const types = [
    ...(ctx.modules.has("team-review") ? (["team"] as const) : []),
    ...(ctx.modules.has("self-review") ? (["self"] as const) : []),
  ];
  const competencesOn = ctx.modules.has("competences");
  const [ambition, positions, history, calibrations, criterionScores, flow, learningGoals, scores] = await Promise.all([
    ambitionOn ? getAmbition(owner) : null,
    ambitionOn ? listPositionOptions(ctx) : [],
    myReviewHistory(owner, types),
    // Calibration moves only team reviews (1610): who moved my placement, when and why (1971).
    types.includes("team") ? myCalibrations(owner) : null,
    myCriterionScores(owner, types),
    ctx.modules.has("flow") ? myFlowZones(ctx, 5) : null,
    ctx.modules.has("dialog") ? myLearningGoals(ctx) : null,
    competencesOn ? getMyScores(ctx) : null,
  ]);
  // The book to choose a competence from, and the chosen one's gap against my position (decision 1342).
  const ambitionCompetences =
    ambitionOn && competencesOn ? await listAmbitionCompetences(owner, ambition?.competenceId ?? null) : null;
  const ambitionLine = ambition?.competenceId
    ? scores?.lines.find((line) => line.competenceId === ambition.competenceId)
    : undefined;
  return {
    title,
    employee: {
      ambitionOn,
      ambition,
      positions,
      ambitionCompetences,
      // undefined: no competence in the ambition or no competences module; else its gap against my position.
      ambitionGap:
        ambition?.competenceId && scores
          ? {
              required: ambitionLine?.required ?? null,
              actual: ambitionLine?.actual ?? null,
              gap: Math.abs(ambitionLine?.gap ?? 0),
              status: ambitionLine?.status ?? ("notRequired" as const),
            }
          : undefined,
      teamReviews: ctx.modules.has("team-review")
        ? history
            .filter((r) => r.type === "team")
            .map((r) => ({ ...r, calibrations: calibrations?.[r.subjectId] ?? [] }))
        : null,
      selfReviews: ctx.modules.has("self-review") ? history.filter((r) => r.type === "self") : null,
      // Criteria as a score type (spec §3, 1712): my latest score per criterion from those same reviews.
      criteria: types.length > 0 ? { types, rows: criterionScores } : null,
      flow,
      learningGoals,
      linkDialogs: can(ctx, "dialogs.edit"),
      competences: scores && {
        positions: scores.person.positions,
        lines: scores.lines.map(({ competenceId, name, required, actual, gap, status }) => ({
          competenceId,
          name,
          required,
          actual,
          gap,
          status,
        })),
      },
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "growth-and-ambition", "growth.active");
  if (!ctx.membershipId) notFound();
  const owner = { accountId: ctx.accountId, clusterId: ctx.clusterId, membershipId: ctx.membershipId };
  const formData = await readForm(request);
  if (formData.get("intent") === "clear") {
    await clearAmbition(owner);
    return redirectWithToast("/my/growth", { key: "growth:ambition.cleared" });
  }
  const submission = parseWithZod(formData, { schema: ambitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await saveAmbition(owner, submission.value, { competencesOn: ctx.modules.has("competences") });
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/my/growth", { key: "growth:ambition.saved" });
}

function Block({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded bg-white p-6 shadow-sm">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export default function MyGrowthPage() {
  const { t } = useTranslation();
  const { employee } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (!employee)
    return (
      <div className="max-w-4xl">
        <PageHeader title={t("growth:title")} />
        <p className="mt-4">{t("growth:noEmployee")}</p>
      </div>
    );
  const {
    ambitionOn,
    ambition,
    positions,
    ambitionCompetences,
    ambitionGap,
    teamReviews,
    selfReviews,
    criteria,
    flow,
    learningGoals,
    linkDialogs,
    competences,
  } = employee;
  const ambitionParts = ambition
    ? [
        ambition.role,
        ambition.positionName ? t("growth:ambition.towards", { position: ambition.positionName }) : "",
        ambition.competenceName ? t("growth:ambition.inCompetence", { competence: ambition.competenceName }) : "",
      ].filter(Boolean)
    : [];
  return (
    <div className="max-w-4xl">
      <PageHeader title={t("growth:title")} />
      <p className="mt-2">{t("growth:intro")}</p>
      {ambitionOn ? (
        <Block id="ambition-title" title={t("growth:ambition.title")}>
          {ambition ? (
            <div className="mt-2" data-testid="current-ambition">
              {ambitionParts.length > 0 ? <p className="font-semibold">{ambitionParts.join(" · ")}</p> : null}
              {ambition.text ? <p className="mt-1 whitespace-pre-line">{ambition.text}</p> : null}
              {ambitionGap ? (
                <p className="mt-1" data-testid="ambition-gap">
                  {t(`growth:ambition.gap.${ambitionGap.status}`, ambitionGap)}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="mt-2" data-testid="current-ambition">
              {t("growth:ambition.none")}
            </p>
          )}
          <AmbitionForm
            ambition={ambition}
            positions={positions}
            competences={ambitionCompetences}
            lastResult={lastResult}
          />
        </Block>
      ) : null}
      {teamReviews ? (
        <Block id="team-reviews-title" title={t("growth:history.teamReviews")}>
          {teamReviews.length === 0 ? (
            <p className="mt-2">{t("growth:history.noTeamReviews")}</p>
          ) : (
            <GrowthReviewTable rows={teamReviews} caption={t("growth:history.teamReviews")} />
          )}
        </Block>
      ) : null}
      {selfReviews ? (
        <Block id="self-reviews-title" title={t("growth:history.selfReviews")}>
          {selfReviews.length === 0 ? (
            <p className="mt-2">{t("growth:history.noSelfReviews")}</p>
          ) : (
            <GrowthReviewTable rows={selfReviews} caption={t("growth:history.selfReviews")} />
          )}
        </Block>
      ) : null}
      {criteria ? (
        <Block id="criteria-scores-title" title={t("growth:criteria.title")}>
          <p className="mt-2">{t("growth:criteria.hint")}</p>
          {criteria.rows.length === 0 ? (
            <p className="mt-2">{t("growth:criteria.none")}</p>
          ) : (
            <GrowthCriteriaTable rows={criteria.rows} caption={t("growth:criteria.title")} columns={criteria.types} />
          )}
        </Block>
      ) : null}
      {flow ? (
        <Block id="flow-title" title={t("growth:flow.title")}>
          {flow.length === 0 ? (
            <p className="mt-2">{t("growth:flow.none")}</p>
          ) : (
            <GrowthFlowTable rows={flow} caption={t("growth:flow.title")} />
          )}
        </Block>
      ) : null}
      {learningGoals ? (
        <Block id="dialogs-title" title={t("growth:dialogs.title")}>
          <GrowthLearningGoals goals={learningGoals} linkDialogs={linkDialogs} />
        </Block>
      ) : null}
      {competences ? (
        <Block id="competences-title" title={t("growth:competences.title")}>
          <GrowthCompetenceGaps positions={competences.positions} lines={competences.lines} />
        </Block>
      ) : null}
    </div>
  );
}
