import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dimensionTexts, getReviewSettings } from "~/features/criteria/review-settings.server";
import { QuestionnaireForm } from "~/features/reviews/components/questionnaire-form";
import { scoreField } from "~/features/reviews/evaluation-form";
import { questionnaireFormSchema, teamField } from "~/features/reviews/self-review.schema";
import { requireParticipation } from "~/features/reviews/review-access.server";
import { getQuestionnaire, saveQuestionnaire } from "~/features/reviews/self-review-questionnaire.server";
import { formatDate } from "~/utils/dates";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["selfreviews", "evaluation", "criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.active");
  const q = await getQuestionnaire(ctx, params.reviewId ?? "", params.membershipId ?? "");
  const [settings, language, t] = await Promise.all([
    getReviewSettings(ctx),
    getLanguage(request),
    getServerT(request),
  ]);
  const total = q.criteria.length * 2;
  return {
    title: `${q.review.name} · ${pageTitle(t, "selfreviews:questionnaire.pageTitle")}`,
    review: { id: q.review.id, name: q.review.name, deadline: formatDate(q.review.deadline), scale: q.scale },
    membershipId: q.subject.membershipId,
    subjectId: q.subject.id,
    personName: q.personName,
    teamName: q.teamName,
    readOnly: q.readOnly,
    dimensions: dimensionTexts(settings, language, t as never),
    criteria: q.criteria.map((c) => ({
      criterionId: c.criterionId,
      dimension: c.dimension,
      name: c.name,
      description: c.description,
      characteristics: c.characteristics,
    })),
    teamValues: q.teamValues,
    ownValues: q.ownValues,
    answered: total - q.missing.team.length - q.missing.own.length,
    total,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.active");
  const reviewId = params.reviewId ?? "";
  const membershipId = params.membershipId ?? "";
  // Another participant's, another cluster's or a made-up entry: a 404 before the form is read.
  await requireParticipation(ctx, reviewId, membershipId);
  const formData = await readForm(request);
  const t = await getServerT(request);
  const autosave = formData.get("autosave") === "1";
  const submission = parseWithZod(formData, { schema: questionnaireFormSchema });
  if (submission.status !== "success") {
    if (autosave) return data({ ok: false as const, message: t("selfreviews:errors.notSaved") }, { status: 422 });
    return data(submission.reply({ formErrors: ["selfreviews:errors.notSaved"] }), { status: 400 });
  }
  const { intent, team, score } = submission.value;
  const result = await saveQuestionnaire(ctx, reviewId, membershipId, { team: team ?? {}, own: score ?? {} });
  if (!result.ok) {
    const key = `selfreviews:errors.${result.code}`;
    if (autosave)
      return data({ ok: false as const, message: `${t("selfreviews:errors.notSaved")} ${t(key)}` }, { status: 422 });
    const field = result.criterionId
      ? result.part === "team"
        ? teamField(result.criterionId)
        : scoreField(result.criterionId)
      : null;
    const reply = field
      ? submission.reply({ formErrors: ["selfreviews:errors.notSaved"], fieldErrors: { [field]: [key] } })
      : submission.reply({ formErrors: ["selfreviews:errors.notSaved", key] });
    return data(reply, { status: 422 });
  }
  if (autosave) return { ok: true as const, message: t("evaluation:autosave.saved") };
  const base = `/selfreview/questionnaire/${reviewId}/${membershipId}`;
  if (intent === "finish") return redirect(`${base}/finish`);
  return redirectWithToast(base, { key: "selfreviews:questionnaire.saved" });
}

export default function QuestionnaireRoute() {
  return <QuestionnaireForm {...useLoaderData<typeof loader>()} />;
}
