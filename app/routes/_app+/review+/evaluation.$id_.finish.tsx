import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { ReadOnlyNotice, ReviewSubpageHeading } from "~/features/reviews/components/review-heading";
import { unscoredPerSubject } from "~/features/reviews/evaluation-form";
import { reviewHeading } from "~/features/reviews/evaluation-view";
import { getEvaluation } from "~/features/reviews/evaluation.server";
import { finishTeamReview } from "~/features/reviews/review-state.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { personName } from "~/utils/person-name";

export const handle = { i18n: ["evaluation", "criteria"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const { review, subjects, criteria, scores } = await getEvaluation(ctx, params.id ?? "");
  const t = await getServerT(request);
  const names = new Map(subjects.map((s) => [s.id, personName(s.firstName, s.lastName)]));
  return {
    title: pageTitle(t, "evaluation:finish.title"),
    review: reviewHeading(review),
    unscored: unscoredPerSubject(subjects, criteria, scores).map((entry) => ({
      subjectId: entry.subjectId,
      name: names.get(entry.subjectId) ?? "",
      missing: entry.missing.map((c) => c.name),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const id = params.id ?? "";
  const result = await finishTeamReview(ctx, id);
  const back = `/review/evaluation/${id}`;
  if (!result.ok) return redirectWithToast(back, { type: "error", key: `evaluation:finish.${result.code}` });
  return redirectWithToast(back, { key: "evaluation:finish.done" });
}

export default function FinishEvaluationPage() {
  const { t } = useTranslation();
  const { review, unscored } = useLoaderData<typeof loader>();
  const back = `/review/evaluation/${review.id}`;
  return (
    <div className="max-w-3xl">
      <ReviewSubpageHeading review={review} title={t("evaluation:finish.title")} />
      {review.readOnly ? (
        <ReadOnlyNotice reason={review.readOnly} />
      ) : (
        <>
          {unscored.length === 0 ? (
            <p className="mb-4">{t("evaluation:finish.allScored")}</p>
          ) : (
            <>
              <h2 className="text-lg">{t("evaluation:finish.unscoredTitle")}</h2>
              <p className="mb-2">{t("evaluation:finish.unscoredHint")}</p>
              <ul className="mb-4 space-y-2">
                {unscored.map((entry) => (
                  <li key={entry.subjectId}>
                    <Link to={`${back}?member=${entry.subjectId}`} className="font-medium">
                      {entry.name}
                    </Link>
                    <ul className="ml-5 list-disc">
                      {entry.missing.map((name) => (
                        <li key={name}>{name}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="mb-4">{t("evaluation:finish.explain")}</p>
          <Form method="post" className="flex flex-wrap items-center gap-4">
            <Button>{t("evaluation:finish.submit")}</Button>
            <Link to={back}>{t("evaluation:finish.cancel")}</Link>
          </Form>
        </>
      )}
    </div>
  );
}
