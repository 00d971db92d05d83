import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DetailsStep, PeopleStep } from "~/features/reviews/components/team-review-wizard";
import { teamReviewCreateSchema, teamReviewStepOneSchema } from "~/features/reviews/team-review-create.schema";
import { requireLicenceToCreate } from "~/features/account/licence.server";
import { createTeamReview } from "~/features/reviews/round-create.server";
import { teamReviewCandidates, wizardOptions } from "~/features/reviews/team-review-create.server";
import {
  createErrorKey,
  formList,
  rawStepOneValues,
  stepOneValues,
  type StepOne,
  type StepOneValues,
  type StepTwo,
} from "~/features/reviews/team-review-wizard";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule, type TenantContext } from "~/utils/tenant.server";
import { refusalStatus } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["teamreviews", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "teamReviews.manage");
  // An expired licence shows why instead of a wizard that cannot finish (1700); the service refuses the post.
  requireLicenceToCreate(ctx);
  const t = await getServerT(request);
  return { title: pageTitle(t, "teamreviews:create.title"), options: await wizardOptions(ctx) };
}

function stepOne(result: SubmissionResult<string[]> | null, values: Partial<StepOneValues> | null = null) {
  return data<StepOne>({ step: 1, result, values }, { status: result ? 400 : 200 });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "teamReviews.manage");
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const values = rawStepOneValues(formData);

  // A form sent without a button (Enter in a field) creates, as the last step's first button does.
  switch (intent ?? "create") {
    case "back":
      return stepOne(null, values);
    case "next":
      return nextStep(ctx, formData);
    case "create":
      return createStep(ctx, formData);
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

/** Step one checked: the people of the chosen teams for step two. */
async function nextStep(ctx: TenantContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: teamReviewStepOneSchema });
  if (submission.status !== "success") return stepOne(submission.reply());
  const candidates = await teamReviewCandidates(ctx, submission.value);
  if (candidates.leaders.length === 0)
    return stepOne(submission.reply({ formErrors: ["teamreviews:errors.noLeaders"] }));
  return data<StepTwo>({
    step: 2,
    values: stepOneValues(submission.value),
    ...candidates,
    selectedLeaders: null,
    selectedMembers: null,
    formError: null,
    fieldErrors: {},
  });
}

/** The last step: step one came back as hidden fields and is checked again, then the round is created. */
async function createStep(ctx: TenantContext, formData: FormData) {
  const stepOneCheck = parseWithZod(formData, { schema: teamReviewStepOneSchema });
  if (stepOneCheck.status !== "success") return stepOne(stepOneCheck.reply());
  const candidates = await teamReviewCandidates(ctx, stepOneCheck.value);
  const selectedLeaders = formList(formData.getAll("leaderIds"));
  const selectedMembers = formList(formData.getAll("memberIds"));
  const stepTwo = (formError: string | null, fieldErrors: StepTwo["fieldErrors"], status = 400) =>
    data<StepTwo>(
      {
        step: 2,
        values: stepOneValues(stepOneCheck.value),
        ...candidates,
        selectedLeaders,
        selectedMembers,
        formError,
        fieldErrors,
      },
      { status },
    );
  const submission = parseWithZod(formData, { schema: teamReviewCreateSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return stepTwo(null, {
      leaderIds: errors.leaderIds ?? undefined,
      memberIds: errors.memberIds ?? undefined,
    });
  }
  const result = await createTeamReview(ctx, submission.value);
  if (!result.ok) {
    if (result.field === "deadline" || result.field === "setId" || result.field === "name")
      return stepOne(stepOneCheck.reply({ fieldErrors: { [result.field]: [createErrorKey(result.code)] } }));
    if (result.field === "leaderIds" || result.field === "memberIds")
      return stepTwo(null, { [result.field]: [createErrorKey(result.code)] });
    // A failed write (decision 1840): the same step with everything chosen, 409/503.
    return stepTwo(createErrorKey(result.code), {}, refusalStatus(result));
  }
  return redirectWithToast(`/review/create/teamreview/invite/set/${result.setId}?round=${result.roundId}`, {
    key: "teamreviews:create.created",
  });
}

export default function CreateTeamReviewPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { options } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/teamreviews/overview">{t("teamreviews:create.back")}</Link>
      </p>
      <h1 className="mb-2 mt-2">{t("teamreviews:create.title")}</h1>
      <p className="mb-4 text-ink-muted">
        {t("teamreviews:create.stepOf", { step: actionData?.step === 2 ? 2 : 1, steps: 2 })}
      </p>
      {actionData?.step === 2 ? (
        <PeopleStep data={actionData} />
      ) : (
        <DetailsStep data={actionData ?? null} options={options} />
      )}
    </div>
  );
}
