import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { QuestionnaireForm } from "~/features/reviews/components/questionnaire-form";
import { scoreField } from "~/features/reviews/evaluation-form";
import { questionnaireAction, questionnaireTexts } from "~/features/reviews/questionnaire-route.server";
import { questionnaireFormSchema, teamField } from "~/features/reviews/self-review.schema";
import { requireParticipation } from "~/features/reviews/review-access.server";
import { getQuestionnaire, saveQuestionnaire } from "~/features/reviews/self-review-questionnaire.server";
import { formatDate } from "~/utils/dates";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["selfreviews", "evaluation", "criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.active");
  const q = await getQuestionnaire(ctx, params.reviewId ?? "", params.membershipId ?? "");
  const { t, dimensions, criteria } = await questionnaireTexts(ctx, request, q.criteria);
  const total = q.criteria.length * 2;
  return {
    title: `${q.review.name} · ${pageTitle(t, "selfreviews:questionnaire.pageTitle")}`,
    review: { id: q.review.id, name: q.review.name, deadline: formatDate(q.review.deadline), scale: q.scale },
    membershipId: q.subject.membershipId,
    subjectId: q.subject.id,
    personName: q.personName,
    teamName: q.teamName,
    readOnly: q.readOnly,
    dimensions,
    criteria,
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
  return questionnaireAction(request, await readForm(request), {
    ns: "selfreviews",
    schema: questionnaireFormSchema,
    base: `/selfreview/questionnaire/${reviewId}/${membershipId}`,
    save: async ({ team, score }) => {
      const result = await saveQuestionnaire(ctx, reviewId, membershipId, { team: team ?? {}, own: score ?? {} });
      if (result.ok) return result;
      const field = result.criterionId
        ? result.part === "team"
          ? teamField(result.criterionId)
          : scoreField(result.criterionId)
        : null;
      return { ok: false, code: result.code, field };
    },
  });
}

export default function QuestionnaireRoute() {
  return <QuestionnaireForm {...useLoaderData<typeof loader>()} />;
}
