import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { CheckboxList } from "~/features/reviews/components/checkbox-list";
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

type Errors = Record<string, string[] | undefined>;
type Values = { name: string; deadline: string; teamIds: string[]; tagIds: string[]; setId: string; roundId: string };
type StepTwoData = Awaited<ReturnType<typeof selfReviewStepTwo>>;
type ActionData =
  | { form: "round"; values: Values; errors: Errors; formError: string | null }
  | { form: "details"; values: Values; errors: Errors; formError: string | null }
  | {
      form: "people";
      values: Values;
      errors: Errors;
      formError: string | null;
      stepTwo: StepTwoData;
      participantIds: string[] | null;
      criterionIds: string[];
    };

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

function FromRound({ data: state }: { data: Extract<ActionData, { form: "round" }> | null }) {
  const { t } = useTranslation();
  const { options } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const errors = state?.errors ?? {};
  const labels = {
    roundId: t("selfreviews:create.round"),
    name: t("selfreviews:create.name"),
    deadline: t("selfreviews:create.deadline"),
  };
  if (options.rounds.length === 0) return null;
  return (
    <section aria-labelledby="from-round-heading" className="mb-8">
      {state ? (
        <ErrorSummary
          formErrors={state.formError ? [state.formError] : []}
          fieldErrors={(["roundId", "name", "deadline"] as const).map((name) => ({
            id: `round-${name}`,
            label: labels[name],
            errors: errors[name],
          }))}
        />
      ) : null}
      <Form method="post" noValidate className="rounded bg-white p-6 shadow-sm">
        <h2 id="from-round-heading" className="mb-2">
          {t("selfreviews:create.fromRoundHeading")}
        </h2>
        <p className="mb-4">{t("selfreviews:create.fromRoundHint")}</p>
        <Field
          label={labels.roundId}
          errors={errors.roundId}
          selectProps={{ id: "round-roundId", name: "roundId", defaultValue: state?.values.roundId ?? "" }}
          options={[
            { value: "", label: t("selfreviews:create.chooseRound") },
            ...options.rounds.map((r) => ({
              value: r.id,
              label: r.deadline ? `${r.name} (${t("selfreviews:create.deadlineShort", { date: r.deadline })})` : r.name,
            })),
          ]}
        />
        <Field
          label={labels.name}
          hint={t("selfreviews:create.nameFromRoundHint")}
          errors={errors.name}
          inputProps={{ id: "round-name", name: "name", defaultValue: state?.values.name ?? "", autoComplete: "off" }}
        />
        <Field
          label={labels.deadline}
          hint={t("teamreviews:create.deadlineHint")}
          errors={errors.deadline}
          inputProps={{
            id: "round-deadline",
            name: "deadline",
            defaultValue: state?.values.deadline ?? "",
            placeholder: t("teamreviews:create.datePlaceholder"),
            inputMode: "numeric",
            autoComplete: "off",
          }}
        />
        <Button name="intent" value="fromRound" disabled={navigation.state === "submitting"}>
          {t("selfreviews:create.submitFromRound")}
        </Button>
      </Form>
    </section>
  );
}

function DetailsStep({ data: state }: { data: Extract<ActionData, { form: "details" }> | null }) {
  const { t } = useTranslation();
  const { options } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const errors = state?.errors ?? {};
  const values = state?.values;
  const labels = {
    name: t("selfreviews:create.name"),
    deadline: t("selfreviews:create.deadline"),
    teamIds: t("teamreviews:create.teams"),
    setId: t("teamreviews:create.set"),
  };
  return (
    <section aria-labelledby="details-heading">
      {state ? (
        <ErrorSummary
          formErrors={state.formError ? [state.formError] : []}
          fieldErrors={(["name", "deadline", "teamIds", "setId"] as const).map((name) => ({
            id: name,
            label: labels[name],
            errors: errors[name],
          }))}
        />
      ) : null}
      <Form method="post" noValidate className="rounded bg-white p-6 shadow-sm">
        <h2 id="details-heading" className="mb-2">
          {t("selfreviews:create.detailsHeading")}
        </h2>
        <p className="mb-4 text-ink-muted">{t("teamreviews:create.stepOf", { step: 1, steps: 2 })}</p>
        <Field
          label={labels.name}
          hint={t("selfreviews:create.nameHint")}
          errors={errors.name}
          inputProps={{ id: "name", name: "name", defaultValue: values?.name ?? "", autoComplete: "off" }}
        />
        <Field
          label={labels.deadline}
          hint={t("teamreviews:create.deadlineHint")}
          errors={errors.deadline}
          inputProps={{
            id: "deadline",
            name: "deadline",
            defaultValue: values?.deadline ?? "",
            placeholder: t("teamreviews:create.datePlaceholder"),
            inputMode: "numeric",
            autoComplete: "off",
          }}
        />
        {options.teams.length === 0 ? (
          <p className="mb-4">{t("teamreviews:create.noTeams")}</p>
        ) : (
          <CheckboxList
            id="teamIds"
            legend={labels.teamIds}
            name="teamIds"
            options={options.teams.map((team) => ({ value: team.id, label: team.name }))}
            selected={values?.teamIds ?? []}
            errors={errors.teamIds}
          />
        )}
        {options.tags.length > 0 ? (
          <CheckboxList
            id="tagIds"
            legend={t("teamreviews:create.tags")}
            hint={t("selfreviews:create.tagsHint")}
            name="tagIds"
            options={options.tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            selected={values?.tagIds ?? []}
            errors={errors.tagIds}
          />
        ) : null}
        {options.sets.length === 0 ? (
          <div id="setId" className="mb-4">
            <p className="font-medium">{labels.setId}</p>
            <p>{t("teamreviews:create.noSets")}</p>
            <ErrorList errors={errors.setId} label={labels.setId} />
          </div>
        ) : (
          <Field
            label={labels.setId}
            errors={errors.setId}
            selectProps={{ id: "setId", name: "setId", defaultValue: values?.setId ?? "" }}
            options={[
              { value: "", label: t("teamreviews:create.chooseSet") },
              ...options.sets.map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
        )}
        <Button name="intent" value="next" disabled={navigation.state === "submitting"}>
          {t("teamreviews:create.next")}
        </Button>
      </Form>
    </section>
  );
}

function PeopleStep({ data: state }: { data: Extract<ActionData, { form: "people" }> }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { stepTwo, values, errors } = state;
  const participants = stepTwo.participants.map((p) => ({
    value: p.membershipId,
    label: `${p.name} (${p.teams.join(", ")})`,
  }));
  const labels = { participantIds: t("selfreviews:create.participants"), criterionIds: t("selfreviews:create.extras") };
  return (
    <>
      <ErrorSummary
        formErrors={state.formError ? [state.formError] : []}
        fieldErrors={(["participantIds", "criterionIds"] as const).map((name) => ({
          id: name,
          label: labels[name],
          errors: errors[name],
        }))}
      />
      <Form method="post" noValidate className="rounded bg-white p-6 shadow-sm">
        <h2 className="mb-2">{t("selfreviews:create.peopleHeading")}</h2>
        <p className="mb-4 text-ink-muted">{t("teamreviews:create.stepOf", { step: 2, steps: 2 })}</p>
        <input type="hidden" name="name" value={values.name} />
        <input type="hidden" name="deadline" value={values.deadline} />
        <input type="hidden" name="setId" value={values.setId} />
        {values.teamIds.map((id) => (
          <input key={id} type="hidden" name="teamIds" value={id} />
        ))}
        {values.tagIds.map((id) => (
          <input key={id} type="hidden" name="tagIds" value={id} />
        ))}
        <CheckboxList
          id="participantIds"
          legend={labels.participantIds}
          hint={t("selfreviews:create.participantsHint")}
          name="participantIds"
          options={participants}
          selected={state.participantIds ?? participants.map((o) => o.value)}
          errors={errors.participantIds}
        />
        <h3 className="text-lg">{t("selfreviews:create.setCriteria")}</h3>
        <ul className="mb-4 ml-5 list-disc">
          {stepTwo.setCriteria.map((c) => (
            <li key={c.id}>{c.name}</li>
          ))}
        </ul>
        {stepTwo.extras.length > 0 && stepTwo.flex > 0 ? (
          <CheckboxList
            id="criterionIds"
            legend={labels.criterionIds}
            hint={t("selfreviews:create.extrasHint", { n: stepTwo.flex })}
            name="criterionIds"
            options={stepTwo.extras.map((c) => ({ value: c.id, label: c.name }))}
            selected={state.criterionIds}
            errors={errors.criterionIds}
          />
        ) : null}
        <div className="flex flex-wrap gap-4">
          <Button name="intent" value="create" disabled={navigation.state === "submitting"}>
            {t("selfreviews:create.submit")}
          </Button>
          <Button name="intent" value="back" variant="secondary">
            {t("teamreviews:create.previous")}
          </Button>
        </div>
      </Form>
    </>
  );
}
