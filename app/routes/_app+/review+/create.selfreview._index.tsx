import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireLicenceToCreate } from "~/features/account/licence.server";
import { DetailsStep, FromRound, PeopleStep } from "~/features/reviews/components/self-review-wizard";
import { selfReviewFromRoundSchema } from "~/features/reviews/self-review-create.schema";
import {
  createSelfReview,
  createSelfReviewFromRound,
  selfReviewOptions,
} from "~/features/reviews/self-review-create.server";
import {
  badWizardStep,
  selfReviewWizardAction,
  wizardErrorKey,
  wizardFieldErrors,
  wizardValues,
} from "~/features/reviews/self-review-wizard.server";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { refusalStatus } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["selfreviews", "teamreviews", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.manage");
  // An expired licence shows why instead of a wizard that cannot finish (1700); the service refuses the post.
  requireLicenceToCreate(ctx);
  const t = await getServerT(request);
  const options = await selfReviewOptions(ctx);
  return {
    title: pageTitle(t, "selfreviews:create.title"),
    options: { ...options, rounds: options.rounds.map((r) => ({ ...r, deadline: formatDate(r.deadline) })) },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.manage");
  const formData = await readForm(request);
  if (formData.get("intent") !== "fromRound") {
    return selfReviewWizardAction(ctx, formData, {
      ns: "selfreviews",
      create: createSelfReview,
      detailsFields: ["deadline", "setId", "name"],
      created,
    });
  }
  const values = wizardValues(formData);
  const submission = parseWithZod(formData, { schema: selfReviewFromRoundSchema });
  if (submission.status !== "success") {
    const errors = wizardFieldErrors("selfreviews", submission.error ?? undefined);
    return badWizardStep({ form: "round", values, errors, formError: null });
  }
  const result = await createSelfReviewFromRound(ctx, submission.value);
  if (result.ok) return created(result.reviewId);
  const error = wizardErrorKey("selfreviews", result.code);
  return badWizardStep(
    {
      form: "round",
      values,
      errors: result.field ? { [result.field]: [error] } : {},
      formError: result.field ? null : error,
    },
    refusalStatus(result),
  );
}

async function created(reviewId: string) {
  return redirectWithToast(`/review/selfreview/${reviewId}/details`, { key: "selfreviews:create.created" });
}

export default function CreateSelfReviewPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/selfreviews/overview">{t("selfreviews:create.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t("selfreviews:create.title")}</h1>
      {actionData?.form === "people" ? (
        <PeopleStep data={actionData} />
      ) : (
        <>
          <FromRound data={actionData?.form === "round" ? actionData : null} />
          <DetailsStep data={actionData?.form === "details" ? actionData : null} />
        </>
      )}
    </div>
  );
}
