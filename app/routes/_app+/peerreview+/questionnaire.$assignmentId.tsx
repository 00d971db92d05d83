import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PeerQuestionnaireForm } from "~/features/peer-reviews/components/peer-questionnaire-form";
import { peerQuestionnaireFormSchema } from "~/features/peer-reviews/peer-review.schema";
import { effectiveThreshold } from "~/features/peer-reviews/peer-results";
import {
  getPeerQuestionnaire,
  requirePeerAssignment,
  savePeerQuestionnaire,
} from "~/features/peer-reviews/peer-questionnaire.server";
import { scoreField } from "~/features/reviews/evaluation-form";
import { questionnaireAction, questionnaireTexts } from "~/features/reviews/questionnaire-route.server";
import { formatDate } from "~/utils/dates";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["peerreviews", "evaluation", "criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review");
  const q = await getPeerQuestionnaire(ctx, params.assignmentId ?? "");
  const { t, settings, dimensions, criteria } = await questionnaireTexts(ctx, request, q.criteria);
  return {
    title: `${q.review.name} · ${pageTitle(t, "peerreviews:questionnaire.pageTitle")}`,
    assignmentId: q.assignment.id,
    review: { id: q.review.id, name: q.review.name, deadline: formatDate(q.review.deadline), scale: q.scale },
    personName: q.personName,
    role: q.assignment.role,
    readOnly: q.readOnly,
    dimensions,
    criteria,
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
  return questionnaireAction(request, formData, {
    ns: "peerreviews",
    schema: peerQuestionnaireFormSchema,
    base: `/peerreview/questionnaire/${assignmentId}`,
    save: async (value) => {
      // conform drops an empty field: a comment sent empty clears it.
      const comment = formData.has("comment") ? (value.comment ?? "") : undefined;
      const result = await savePeerQuestionnaire(ctx, assignmentId, value.score ?? {}, comment);
      if (result.ok) return result;
      const field = result.criterionId
        ? scoreField(result.criterionId)
        : result.code === "commentTooLong"
          ? "comment"
          : null;
      return { ok: false, code: result.code, field };
    },
  });
}

export default function PeerQuestionnaireRoute() {
  return <PeerQuestionnaireForm {...useLoaderData<typeof loader>()} />;
}
