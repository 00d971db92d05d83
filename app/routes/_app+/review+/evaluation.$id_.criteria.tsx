import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList } from "~/components/ui/forms";
import { dimensionTexts, getReviewSettings } from "~/features/criteria/review-settings.server";
import { ReadOnlyNotice, ReviewSubpageHeading } from "~/features/reviews/components/review-heading";
import { reviewCriterionFormSchema } from "~/features/reviews/evaluation.schema";
import { addReviewCriterion, getReviewCriteria, removeReviewCriterion } from "~/features/reviews/evaluation.server";
import { reviewHeading } from "~/features/reviews/evaluation-view";
import { requireTeamReview } from "~/features/reviews/review-access.server";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["evaluation", "criteria"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const state = await getReviewCriteria(ctx, params.id ?? "");
  const [settings, language, t] = await Promise.all([
    getReviewSettings(ctx),
    getLanguage(request),
    getServerT(request),
  ]);
  const { review } = state;
  return {
    title: pageTitle(t, "evaluation:criteria.title"),
    review: reviewHeading(review),
    flex: state.flex,
    dimensions: dimensionTexts(settings, language, t as never).map((d) => ({
      ...d,
      remaining: state.remaining[d.dimension],
      criteria: state.criteria
        .filter((c) => c.dimension === d.dimension)
        .map((c) => ({ id: c.criterionId, name: c.name, belongsToSet: c.belongsToSet, locked: c.locked })),
      addable: state.addable.filter((c) => c.dimension === d.dimension).map((c) => ({ id: c.id, name: c.name })),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const review = await requireTeamReview(ctx, params.id ?? "");
  const parsed = reviewCriterionFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ dimension: null, error: "evaluation:criteria.choose" }, { status: 400 });
  const { intent, criterionId, dimension } = parsed.data;
  const result =
    intent === "add"
      ? await addReviewCriterion(ctx, review.id, criterionId)
      : await removeReviewCriterion(ctx, review.id, criterionId);
  if (!result.ok)
    return data({ dimension: dimension ?? null, error: `evaluation:errors.${result.code}` }, { status: 422 });
  return redirectWithToast(`/review/evaluation/${review.id}/criteria`, { key: `evaluation:criteria.${intent}Done` });
}

export default function ReviewCriteriaPage() {
  const { t } = useTranslation();
  const { review, dimensions, flex } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <div className="max-w-3xl">
      <ReviewSubpageHeading review={review} title={t("evaluation:criteria.title")} />
      {review.readOnly ? (
        <ReadOnlyNotice reason={review.readOnly} className="mb-4" />
      ) : (
        <p className="mb-4">
          {flex === null ? t("evaluation:criteria.noSet") : t("evaluation:criteria.explain", { flex })}
        </p>
      )}
      {failed && failed.dimension === null ? <ErrorList errors={[failed.error]} /> : null}
      {dimensions.map((d) => {
        const error = failed && failed.dimension === String(d.dimension) ? [failed.error] : undefined;
        const selectId = `add-${d.dimension}`;
        return (
          <section
            key={d.dimension}
            aria-labelledby={`dimension-${d.dimension}`}
            className="mb-6 rounded bg-white p-4 shadow-sm"
          >
            <h2 id={`dimension-${d.dimension}`} className="text-lg">
              {d.name}
            </h2>
            <ul className="my-2 divide-y">
              {d.criteria.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {c.name}{" "}
                    <span className="text-sm text-ink-muted">
                      ({t(c.belongsToSet ? "evaluation:criteria.fromSet" : "evaluation:criteria.extra")})
                    </span>
                  </span>
                  {review.readOnly || c.locked ? null : (
                    <Form method="post">
                      <input type="hidden" name="criterionId" value={c.id} />
                      <input type="hidden" name="dimension" value={d.dimension} />
                      <Button name="intent" value="remove" variant="secondary">
                        {t("evaluation:criteria.remove", { name: c.name })}
                      </Button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
            {d.remaining !== null ? (
              <p className="text-sm">{t("evaluation:criteria.canStillAdd", { n: d.remaining })}</p>
            ) : null}
            {review.readOnly || d.remaining === 0 || d.addable.length === 0 ? null : (
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                <input type="hidden" name="dimension" value={d.dimension} />
                <div>
                  <label htmlFor={selectId} className="block font-medium">
                    {t("evaluation:criteria.addLabel", { dimension: d.name })}
                  </label>
                  <select
                    id={selectId}
                    name="criterionId"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${selectId}-error` : undefined}
                    className="mt-1 rounded border border-gray-400 bg-white px-3 py-2"
                  >
                    {d.addable.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                  <ErrorList id={`${selectId}-error`} errors={error} />
                </div>
                <Button name="intent" value="add">
                  {t("evaluation:criteria.add")}
                </Button>
              </Form>
            )}
          </section>
        );
      })}
    </div>
  );
}
