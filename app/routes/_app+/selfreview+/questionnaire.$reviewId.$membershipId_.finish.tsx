import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FinishQuestionnairePage } from "~/features/reviews/components/finish-questionnaire-page";
import { finishQuestionnaire, getQuestionnaire } from "~/features/reviews/self-review-questionnaire.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["selfreviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.active");
  const q = await getQuestionnaire(ctx, params.reviewId ?? "", params.membershipId ?? "");
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "selfreviews:finish.title"),
    review: { id: q.review.id, name: q.review.name },
    membershipId: q.subject.membershipId,
    readOnly: q.readOnly,
    missing: q.missing,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.active");
  const reviewId = params.reviewId ?? "";
  const membershipId = params.membershipId ?? "";
  const result = await finishQuestionnaire(ctx, reviewId, membershipId);
  // Someone who may only read the questionnaire (who manages the review) cannot finish it.
  if (!result.ok && result.code === "notOwn") throw new Response(null, { status: 403 });
  if (!result.ok)
    return redirectWithToast(`/selfreview/questionnaire/${reviewId}/${membershipId}`, {
      type: "error",
      key: `selfreviews:errors.${result.code}`,
    });
  return redirectWithToast(`/selfreview/result/${reviewId}/${membershipId}`, { key: "selfreviews:finish.done" });
}

export default function FinishQuestionnaireRoute() {
  const { t } = useTranslation();
  const { review, membershipId, readOnly, missing } = useLoaderData<typeof loader>();
  return (
    <FinishQuestionnairePage
      ns="selfreviews"
      back={`/selfreview/questionnaire/${review.id}/${membershipId}`}
      subtitle={review.name}
      readOnly={readOnly}
      missing={(["team", "own"] as const).map((part) => ({
        key: part,
        heading: t(`selfreviews:finish.missing.${part}`),
        names: missing[part],
      }))}
    />
  );
}
