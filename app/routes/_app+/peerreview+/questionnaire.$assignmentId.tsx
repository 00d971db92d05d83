import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dimensionTexts, getReviewSettings } from "~/features/criteria/review-settings.server";
import { PeerQuestionnaireForm } from "~/features/peer-reviews/components/peer-questionnaire-form";
import { peerQuestionnaireFormSchema } from "~/features/peer-reviews/peer-review.schema";
import { effectiveThreshold } from "~/features/peer-reviews/peer-results";
import {
  getPeerQuestionnaire,
  requirePeerAssignment,
  savePeerQuestionnaire,
} from "~/features/peer-reviews/peer-questionnaire.server";
import { scoreField } from "~/features/reviews/evaluation-form";
import { formatDate } from "~/utils/dates";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["peerreviews", "evaluation", "criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const q = await getPeerQuestionnaire(ctx, params.assignmentId ?? "");
  const [settings, language, t] = await Promise.all([
    getReviewSettings(ctx),
    getLanguage(request),
    getServerT(request),
  ]);
  return {
    title: `${q.review.name} · ${pageTitle(t, "peerreviews:questionnaire.pageTitle")}`,
    assignmentId: q.assignment.id,
    review: { id: q.review.id, name: q.review.name, deadline: formatDate(q.review.deadline), scale: q.scale },
    personName: q.personName,
    role: q.assignment.role,
    readOnly: q.readOnly,
    dimensions: dimensionTexts(settings, language, t as never),
    criteria: q.criteria.map((c) => ({
      criterionId: c.criterionId,
      dimension: c.dimension,
      name: c.name,
      description: c.description,
      characteristics: c.characteristics,
    })),
    values: q.values,
    comment: q.comment,
    threshold: effectiveThreshold(settings.peerAnonymityThreshold),
    answered: q.criteria.length - q.missing.length,
    total: q.criteria.length,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const assignmentId = params.assignmentId ?? "";
  // Someone else's, another cluster's or a made-up questionnaire: a 404 before the form is read.
  await requirePeerAssignment(ctx, assignmentId);
  const formData = await readForm(request);
  const t = await getServerT(request);
  const autosave = formData.get("autosave") === "1";
  const submission = parseWithZod(formData, { schema: peerQuestionnaireFormSchema });
  if (submission.status !== "success") {
    if (autosave) return data({ ok: false as const, message: t("peerreviews:errors.notSaved") }, { status: 422 });
    return data(submission.reply({ formErrors: ["peerreviews:errors.notSaved"] }), { status: 400 });
  }
  // conform drops an empty field: a comment sent empty clears it.
  const comment = formData.has("comment") ? (submission.value.comment ?? "") : undefined;
  const result = await savePeerQuestionnaire(ctx, assignmentId, submission.value.score ?? {}, comment);
  if (!result.ok) {
    const key = `peerreviews:errors.${result.code}`;
    if (autosave)
      return data({ ok: false as const, message: `${t("peerreviews:errors.notSaved")} ${t(key)}` }, { status: 422 });
    const reply = result.criterionId
      ? submission.reply({
          formErrors: ["peerreviews:errors.notSaved"],
          fieldErrors: { [scoreField(result.criterionId)]: [key] },
        })
      : result.code === "commentTooLong"
        ? submission.reply({ formErrors: ["peerreviews:errors.notSaved"], fieldErrors: { comment: [key] } })
        : submission.reply({ formErrors: ["peerreviews:errors.notSaved", key] });
    return data(reply, { status: 422 });
  }
  if (autosave) return { ok: true as const, message: t("evaluation:autosave.saved") };
  const base = `/peerreview/questionnaire/${assignmentId}`;
  if (submission.value.intent === "finish") return redirect(`${base}/finish`);
  return redirectWithToast(base, { key: "peerreviews:questionnaire.saved" });
}

export default function PeerQuestionnaireRoute() {
  return <PeerQuestionnaireForm {...useLoaderData<typeof loader>()} />;
}
