import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DetailsStep,
  FromRound,
  PeopleStep,
  type Errors,
  type SelfReviewWizardState as ActionData,
  type Values,
} from "~/features/reviews/components/self-review-wizard";
import {
  selfReviewCreateSchema,
  selfReviewFromRoundSchema,
  selfReviewStepOneSchema,
} from "~/features/reviews/self-review-create.schema";
import {
  createSelfReview,
  createSelfReviewFromRound,
  selfReviewOptions,
  selfReviewStepTwo,
} from "~/features/reviews/self-review-create.server";
import { formatDate } from "~/utils/dates";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["selfreviews", "teamreviews", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.manage");
  const t = await getServerT(request);
  const options = await selfReviewOptions(ctx);
  return {
    title: pageTitle(t, "selfreviews:create.title"),
    options: { ...options, rounds: options.rounds.map((r) => ({ ...r, deadline: formatDate(r.deadline) })) },
  };
}

const list = (v: FormDataEntryValue[]) => v.filter((x): x is string => typeof x === "string" && x !== "");

function rawValues(formData: FormData): Values {
  return {
    name: String(formData.get("name") ?? ""),
    deadline: String(formData.get("deadline") ?? ""),
    teamIds: list(formData.getAll("teamIds")),
    tagIds: list(formData.getAll("tagIds")),
    setId: String(formData.get("setId") ?? ""),
    roundId: String(formData.get("roundId") ?? ""),
  };
}

function errorKey(code: string) {
  switch (code) {
    case "date":
      return "validation:date";
    case "deadlinePast":
      return "teamreviews:errors.deadlinePast";
    case "setRequired":
      return "teamreviews:errors.setRequired";
    default:
      return `selfreviews:errors.${code}`;
  }
}

const fieldErrors = (error: Record<string, string[] | null> | undefined): Errors =>
  Object.fromEntries(Object.entries(error ?? {}).map(([k, v]) => [k, v ?? undefined]));

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "self-review", "selfReviews.manage");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const values = rawValues(formData);
  const bad = (body: ActionData) => data<ActionData>(body, { status: 400 });

  if (intent === "fromRound") {
    const submission = parseWithZod(formData, { schema: selfReviewFromRoundSchema });
    if (submission.status !== "success")
      return bad({ form: "round", values, errors: fieldErrors(submission.error ?? undefined), formError: null });
    const result = await createSelfReviewFromRound(ctx, submission.value);
    if (!result.ok)
      return bad({
        form: "round",
        values,
        errors: result.field ? { [result.field]: [errorKey(result.code)] } : {},
        formError: result.field ? null : errorKey(result.code),
      });
    return created(result.reviewId);
  }

  if (intent === "back") return data<ActionData>({ form: "details", values, errors: {}, formError: null });

  const stepOne = parseWithZod(formData, { schema: selfReviewStepOneSchema });
  if (stepOne.status !== "success")
    return bad({ form: "details", values, errors: fieldErrors(stepOne.error ?? undefined), formError: null });
  const stepTwo = await selfReviewStepTwo(ctx, stepOne.value);
  if (intent === "next") {
    if (stepTwo.participants.length === 0)
      return bad({ form: "details", values, errors: {}, formError: "selfreviews:errors.noCandidates" });
    return data<ActionData>({
      form: "people",
      values,
      errors: {},
      formError: null,
      stepTwo,
      participantIds: null,
      criterionIds: [],
    });
  }

  // intent "create": step 1 came back as hidden fields and was checked again above.
  const people = (errors: Errors, formError: string | null) =>
    bad({
      form: "people",
      values,
      errors,
      formError,
      stepTwo,
      participantIds: list(formData.getAll("participantIds")),
      criterionIds: list(formData.getAll("criterionIds")),
    });
  const submission = parseWithZod(formData, { schema: selfReviewCreateSchema });
  if (submission.status !== "success") return people(fieldErrors(submission.error ?? undefined), null);
  const result = await createSelfReview(ctx, submission.value);
  if (!result.ok) {
    if (result.field === "deadline" || result.field === "setId" || result.field === "name")
      return bad({ form: "details", values, errors: { [result.field]: [errorKey(result.code)] }, formError: null });
    if (result.field) return people({ [result.field]: [errorKey(result.code)] }, null);
    return people({}, errorKey(result.code));
  }
  return created(result.reviewId);
}

async function created(reviewId: string) {
  return redirect(`/review/selfreview/${reviewId}/details`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "selfreviews:create.created" }) },
  });
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
