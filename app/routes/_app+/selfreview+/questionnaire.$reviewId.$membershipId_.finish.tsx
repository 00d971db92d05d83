import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
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

export default function FinishQuestionnairePage() {
  const { t } = useTranslation();
  const { review, membershipId, readOnly, missing } = useLoaderData<typeof loader>();
  const back = `/selfreview/questionnaire/${review.id}/${membershipId}`;
  const incomplete = missing.team.length + missing.own.length > 0;
  return (
    <div className="max-w-3xl">
      <p>
        <Link to={back}>{t("selfreviews:finish.back")}</Link>
      </p>
      <h1 className="mb-2 mt-2">{t("selfreviews:finish.title")}</h1>
      <p className="mb-4">{review.name}</p>
      {readOnly ? (
        <p className="rounded border-l-4 border-warning bg-warning-bg p-3 text-warning">
          {t(`selfreviews:questionnaire.readOnly.${readOnly}`)}
        </p>
      ) : (
        <>
          {incomplete ? (
            <div role="alert" className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-3">
              <h2 className="text-lg">{t("selfreviews:finish.incomplete")}</h2>
              <p className="mb-2">{t("selfreviews:finish.incompleteHint")}</p>
              {(["team", "own"] as const).map((part) =>
                missing[part].length ? (
                  <div key={part}>
                    <h3 className="font-medium">{t(`selfreviews:finish.missing.${part}`)}</h3>
                    <ul className="mb-2 ml-5 list-disc">
                      {missing[part].map((name) => (
                        <li key={name}>{name}</li>
                      ))}
                    </ul>
                  </div>
                ) : null,
              )}
            </div>
          ) : (
            <p className="mb-4">{t("selfreviews:finish.complete")}</p>
          )}
          <p className="mb-4">{t("selfreviews:finish.explain")}</p>
          <Form method="post" className="flex flex-wrap items-center gap-4">
            <Button>{t("selfreviews:finish.submit")}</Button>
            <Link to={back}>{t("selfreviews:finish.cancel")}</Link>
          </Form>
        </>
      )}
    </div>
  );
}
