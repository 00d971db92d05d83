import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createPeerReview } from "~/features/peer-reviews/peer-review-create.server";
import {
  DetailsStep,
  PeopleStep,
  type Errors,
  type SelfReviewWizardState as ActionData,
  type Values,
} from "~/features/reviews/components/self-review-wizard";
import { selfReviewCreateSchema, selfReviewStepOneSchema } from "~/features/reviews/self-review-create.schema";
import { selfReviewStepTwo } from "~/features/reviews/self-review-create.server";
import { wizardOptions } from "~/features/reviews/team-review-create.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

/** A new peer round: the self review wizard's two steps with the peer texts, then the peers page (decision 1021). */

export const handle = { i18n: ["peerreviews", "selfreviews", "teamreviews", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  const [options, t] = await Promise.all([wizardOptions(ctx), getServerT(request)]);
  return { title: pageTitle(t, "peerreviews:create.title"), options: { ...options, rounds: [] } };
}

const list = (v: FormDataEntryValue[]) => v.filter((x): x is string => typeof x === "string" && x !== "");

function rawValues(formData: FormData): Values {
  return {
    name: String(formData.get("name") ?? ""),
    deadline: String(formData.get("deadline") ?? ""),
    teamIds: list(formData.getAll("teamIds")),
    tagIds: list(formData.getAll("tagIds")),
    setId: String(formData.get("setId") ?? ""),
    roundId: "",
  };
}

function errorKey(code: string) {
  if (code === "date") return "validation:date";
  if (code === "deadlinePast" || code === "setRequired") return `teamreviews:errors.${code}`;
  return `peerreviews:errors.${code}`;
}

const fieldErrors = (error: Record<string, string[] | null> | undefined): Errors =>
  Object.fromEntries(
    Object.entries(error ?? {}).map(([k, v]) => [
      k,
      v?.map((key) =>
        key === "selfreviews:errors.participantsRequired" ? "peerreviews:errors.participantsRequired" : key,
      ),
    ]),
  );

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "peer-review", "reviews.manage");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const values = rawValues(formData);
  const bad = (body: ActionData) => data<ActionData>(body, { status: 400 });
  if (intent === "back") return data<ActionData>({ form: "details", values, errors: {}, formError: null });

  const stepOne = parseWithZod(formData, { schema: selfReviewStepOneSchema });
  if (stepOne.status !== "success")
    return bad({ form: "details", values, errors: fieldErrors(stepOne.error ?? undefined), formError: null });
  const stepTwo = await selfReviewStepTwo(ctx, stepOne.value);
  if (intent === "next") {
    if (stepTwo.participants.length === 0)
      return bad({ form: "details", values, errors: {}, formError: "peerreviews:errors.noCandidates" });
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
  const result = await createPeerReview(ctx, submission.value);
  if (!result.ok) {
    if (result.field === "deadline" || result.field === "setId")
      return bad({ form: "details", values, errors: { [result.field]: [errorKey(result.code)] }, formError: null });
    if (result.field) return people({ [result.field]: [errorKey(result.code)] }, null);
    return people({}, errorKey(result.code));
  }
  return redirect(`/peerreviews/${result.reviewId}/peers`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "peerreviews:create.created" }) },
  });
}

export default function CreatePeerReviewPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/peerreviews/overview">{t("peerreviews:create.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t("peerreviews:create.title")}</h1>
      {actionData?.form === "people" ? (
        <PeopleStep data={actionData} ns="peerreviews" />
      ) : (
        <DetailsStep data={actionData?.form === "details" ? actionData : null} ns="peerreviews" />
      )}
    </div>
  );
}
