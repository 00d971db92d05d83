import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dimensionTexts, getReviewSettings, roleLabels } from "~/features/criteria/review-settings.server";
import { EvaluationPage } from "~/features/reviews/components/evaluation-page";
import { nextSubjectId, scoreField } from "~/features/reviews/evaluation-form";
import { memberFormSchema } from "~/features/reviews/evaluation.schema";
import { getEvaluation, saveMemberForm } from "~/features/reviews/evaluation.server";
import { evaluationView } from "~/features/reviews/evaluation-view";
import { requireTeamReview } from "~/features/reviews/review-access.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { failedWriteMessage, writeOrRefuse } from "~/utils/action-failed.server";
import { refusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { withViewPreference } from "~/utils/view-preferences.server";
import { readForm } from "~/utils/read-form.server";

// The criteria and finish pages are siblings (evaluation.$id_.*), not children: they need none of this loader's data (decision 0730).
export const handle = { i18n: ["evaluation", "criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const evaluation = await getEvaluation(ctx, params.id ?? "");
  const [settings, language, t] = await Promise.all([
    getReviewSettings(ctx),
    getLanguage(request),
    getServerT(request),
  ]);
  const texts = {
    dimensions: dimensionTexts(settings, language, t as never),
    roles: roleLabels(settings, language, t as never),
  };
  return {
    title: `${evaluation.review.name} · ${pageTitle(t, "evaluation:title")}`,
    ...evaluationView(evaluation, texts, new URL(request.url).searchParams.get("member")),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const review = await requireTeamReview(ctx, params.id ?? "");
  const formData = await readForm(request);
  const t = await getServerT(request);
  const autosave = formData.get("autosave") === "1";
  const submission = parseWithZod(formData, { schema: memberFormSchema });
  if (submission.status !== "success") {
    if (autosave) {
      const key = Object.values(submission.error ?? {}).flat()[0] ?? "evaluation:errors.invalidScore";
      return data({ ok: false as const, message: t(key, { name: t("evaluation:developmentGoal") }) }, { status: 422 });
    }
    return data(submission.reply(), { status: 400 });
  }
  const { subjectId, intent, score } = submission.value;
  // Conform turns an emptied textarea into undefined; an empty goal is a change too.
  const developmentGoal = formData.has("developmentGoal") ? String(formData.get("developmentGoal")) : undefined;
  // A save that fails past its checks comes back as the form's refusal, with every score typed (decision 1840).
  const result = await writeOrRefuse("save", "score", () =>
    saveMemberForm(ctx, review.id, { subjectId, scores: score ?? {}, developmentGoal }),
  );
  if (!result.ok && "writeFailed" in result) {
    if (autosave)
      return data({ ok: false as const, message: failedWriteMessage(t, result) }, { status: result.status });
    return refusal(submission, result);
  }
  if (!result.ok) {
    const key = `evaluation:errors.${result.code}`;
    if (autosave) return data({ ok: false as const, message: t(key) }, { status: 422 });
    const reply = result.criterionId
      ? submission.reply({ fieldErrors: { [scoreField(result.criterionId)]: [key] } })
      : submission.reply({ formErrors: [key] });
    return data(reply, { status: 422 });
  }
  if (autosave) return { ok: true as const, message: t("evaluation:autosave.saved") };
  const evaluation = await getEvaluation(ctx, review.id);
  const member = intent === "saveNext" ? nextSubjectId(evaluation.subjects, subjectId) : subjectId;
  const saved = await redirectWithToast(`/review/evaluation/${review.id}?member=${member}`, {
    key: "evaluation:saved",
  });
  return withViewPreference(request, formData, saved);
}

export default function EvaluationRoute() {
  return <EvaluationPage {...useLoaderData<typeof loader>()} />;
}
