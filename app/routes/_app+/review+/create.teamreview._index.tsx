import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, Field, SelectField } from "~/components/ui/forms";
import { CheckboxList } from "~/features/reviews/components/checkbox-list";
import {
  teamReviewCreateSchema,
  teamReviewStepOneSchema,
  type TeamReviewStepOne,
} from "~/features/reviews/team-review-create.schema";
import { createTeamReview } from "~/features/reviews/round-create.server";
import { teamReviewCandidates, wizardOptions, type Person } from "~/features/reviews/team-review-create.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["teamreviews", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "teamReviews.manage");
  const t = await getServerT(request);
  return { title: pageTitle(t, "teamreviews:create.title"), options: await wizardOptions(ctx) };
}

type StepOneValues = { name: string; deadline: string; teamIds: string[]; tagIds: string[]; setId: string };
type StepTwo = {
  step: 2;
  values: StepOneValues;
  leaders: Person[];
  members: Person[];
  selectedLeaders: string[] | null;
  selectedMembers: string[] | null;
  formError: string | null;
  fieldErrors: { leaderIds?: string[]; memberIds?: string[] };
};
type StepOne = { step: 1; result: SubmissionResult<string[]> | null; values: Partial<StepOneValues> | null };

const list = (v: FormDataEntryValue[]) => v.filter((x): x is string => typeof x === "string" && x !== "");

function rawValues(formData: FormData): StepOneValues {
  return {
    name: String(formData.get("name") ?? ""),
    deadline: String(formData.get("deadline") ?? ""),
    teamIds: list(formData.getAll("teamIds")),
    tagIds: list(formData.getAll("tagIds")),
    setId: String(formData.get("setId") ?? ""),
  };
}

function stepOne(result: SubmissionResult<string[]> | null, values: Partial<StepOneValues> | null = null) {
  return data<StepOne>({ step: 1, result, values }, { status: result ? 400 : 200 });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "teamReviews.manage");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const values = rawValues(formData);

  if (intent === "back") return stepOne(null, values);

  if (intent === "next") {
    const submission = parseWithZod(formData, { schema: teamReviewStepOneSchema });
    if (submission.status !== "success") return stepOne(submission.reply());
    const candidates = await teamReviewCandidates(ctx, submission.value);
    if (candidates.leaders.length === 0)
      return stepOne(submission.reply({ formErrors: ["teamreviews:errors.noLeaders"] }));
    return data<StepTwo>({
      step: 2,
      values: toValues(submission.value),
      ...candidates,
      selectedLeaders: null,
      selectedMembers: null,
      formError: null,
      fieldErrors: {},
    });
  }

  // intent "create": the step-1 values come back as hidden fields and are checked again.
  const stepOneCheck = parseWithZod(formData, { schema: teamReviewStepOneSchema });
  if (stepOneCheck.status !== "success") return stepOne(stepOneCheck.reply());
  const candidates = await teamReviewCandidates(ctx, stepOneCheck.value);
  const selectedLeaders = list(formData.getAll("leaderIds"));
  const selectedMembers = list(formData.getAll("memberIds"));
  const stepTwo = (formError: string | null, fieldErrors: StepTwo["fieldErrors"]) =>
    data<StepTwo>(
      {
        step: 2,
        values: toValues(stepOneCheck.value),
        ...candidates,
        selectedLeaders,
        selectedMembers,
        formError,
        fieldErrors,
      },
      { status: 400 },
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
      return stepOne(stepOneCheck.reply({ fieldErrors: { [result.field]: [errorKey(result.code)] } }));
    if (result.field === "leaderIds" || result.field === "memberIds")
      return stepTwo(null, { [result.field]: [errorKey(result.code)] });
    return stepTwo(errorKey(result.code), {});
  }
  return redirect(`/review/create/teamreview/invite/set/${result.setId}?round=${result.roundId}`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "teamreviews:create.created" }) },
  });
}

function toValues(v: TeamReviewStepOne): StepOneValues {
  return { name: v.name, deadline: v.deadline, teamIds: v.teamIds, tagIds: v.tagIds, setId: v.setId };
}

function errorKey(code: string) {
  switch (code) {
    case "noLeaders":
      return "teamreviews:errors.noLeaders";
    case "noMembers":
      return "teamreviews:errors.noMembers";
    case "setRequired":
      return "teamreviews:errors.setRequired";
    case "deadlinePast":
      return "teamreviews:errors.deadlinePast";
    case "date":
      return "validation:date";
    default:
      return "teamreviews:errors.createFailed";
  }
}

export default function CreateTeamReviewPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/teamreviews/overview">{t("teamreviews:create.back")}</Link>
      </p>
      <h1 className="mb-2 mt-2">{t("teamreviews:create.title")}</h1>
      <p className="mb-4 text-ink-muted">
        {t("teamreviews:create.stepOf", { step: actionData?.step === 2 ? 2 : 1, steps: 2 })}
      </p>
      {actionData?.step === 2 ? <PeopleStep data={actionData} /> : <DetailsStep data={actionData ?? null} />}
    </div>
  );
}

function DetailsStep({ data: stepData }: { data: StepOne | null }) {
  const { t } = useTranslation();
  const { options } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const lastResult = stepData?.result ?? undefined;
  const [form, fields] = useForm({
    id: "teamreview-details",
    lastResult,
    defaultValue: stepData?.values ?? undefined,
    constraint: getZodConstraint(teamReviewStepOneSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamReviewStepOneSchema }),
  });
  const typed = (lastResult?.initialValue ?? stepData?.values ?? {}) as Record<string, unknown>;
  const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);
  const labels = {
    name: t("teamreviews:create.name"),
    deadline: t("teamreviews:create.deadline"),
    teamIds: t("teamreviews:create.teams"),
    setId: t("teamreviews:create.set"),
  };
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["name", "deadline", "teamIds", "setId"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <h2 className="mb-4">{t("teamreviews:create.detailsHeading")}</h2>
        <Field
          label={labels.name}
          hint={t("teamreviews:create.nameHint")}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        />
        <Field
          label={labels.deadline}
          hint={t("teamreviews:create.deadlineHint")}
          errors={fields.deadline.errors}
          inputProps={{
            ...getInputProps(fields.deadline, { type: "text" }),
            placeholder: t("teamreviews:create.datePlaceholder"),
            inputMode: "numeric",
            autoComplete: "off",
          }}
        />
        {options.teams.length === 0 ? (
          <p className="mb-4">{t("teamreviews:create.noTeams")}</p>
        ) : (
          <CheckboxList
            id={fields.teamIds.id}
            legend={labels.teamIds}
            name={fields.teamIds.name}
            options={options.teams.map((team) => ({ value: team.id, label: team.name }))}
            selected={asList(typed.teamIds)}
            errors={fields.teamIds.errors}
          />
        )}
        {options.tags.length > 0 ? (
          <CheckboxList
            id={fields.tagIds.id}
            legend={t("teamreviews:create.tags")}
            hint={t("teamreviews:create.tagsHint")}
            name={fields.tagIds.name}
            options={options.tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            selected={asList(typed.tagIds)}
            errors={fields.tagIds.errors}
          />
        ) : null}
        {options.sets.length === 0 ? (
          <div id={fields.setId.id} className="mb-4">
            <p className="font-medium">{labels.setId}</p>
            <p>{t("teamreviews:create.noSets")}</p>
            {options.mayManageSets ? <Link to="/criteria/sets">{t("teamreviews:create.manageSets")}</Link> : null}
            <ErrorList errors={fields.setId.errors} label={labels.setId} />
          </div>
        ) : (
          <SelectField
            label={labels.setId}
            errors={fields.setId.errors}
            selectProps={{
              id: fields.setId.id,
              name: fields.setId.name,
              defaultValue: typeof typed.setId === "string" ? typed.setId : "",
            }}
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
    </>
  );
}

/** Groups a person's places: one checkbox per person, labelled with their teams. */
function peopleOptions(people: Person[]) {
  const byId = new Map<string, { value: string; name: string; teams: string[] }>();
  for (const p of people) {
    const entry = byId.get(p.membershipId) ?? { value: p.membershipId, name: p.name, teams: [] };
    if (!entry.teams.includes(p.teamName)) entry.teams.push(p.teamName);
    byId.set(p.membershipId, entry);
  }
  return [...byId.values()].map((e) => ({ value: e.value, label: `${e.name} (${e.teams.join(", ")})` }));
}

function PeopleStep({ data: step }: { data: StepTwo }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const leaders = peopleOptions(step.leaders);
  const members = peopleOptions(step.members);
  const labels = { leaderIds: t("teamreviews:create.leaders"), memberIds: t("teamreviews:create.members") };
  return (
    <>
      <ErrorSummary
        formErrors={step.formError ? [step.formError] : []}
        fieldErrors={(["leaderIds", "memberIds"] as const).map((name) => ({
          id: name,
          label: labels[name],
          errors: step.fieldErrors[name],
        }))}
      />
      <Form method="post" noValidate className="rounded bg-white p-6 shadow-sm">
        <h2 className="mb-2">{t("teamreviews:create.peopleHeading")}</h2>
        <p className="mb-4">{t("teamreviews:create.peopleHint", { name: step.values.name })}</p>
        <input type="hidden" name="name" value={step.values.name} />
        <input type="hidden" name="deadline" value={step.values.deadline} />
        <input type="hidden" name="setId" value={step.values.setId} />
        {step.values.teamIds.map((id) => (
          <input key={id} type="hidden" name="teamIds" value={id} />
        ))}
        {step.values.tagIds.map((id) => (
          <input key={id} type="hidden" name="tagIds" value={id} />
        ))}
        <CheckboxList
          id="leaderIds"
          legend={labels.leaderIds}
          name="leaderIds"
          options={leaders}
          selected={step.selectedLeaders ?? leaders.map((o) => o.value)}
          errors={step.fieldErrors.leaderIds}
        />
        {members.length === 0 ? (
          <div id="memberIds" className="mb-4">
            <p className="font-medium">{labels.memberIds}</p>
            <p>{t("teamreviews:create.noMembersFound")}</p>
            <ErrorList errors={step.fieldErrors.memberIds} label={labels.memberIds} />
          </div>
        ) : (
          <CheckboxList
            id="memberIds"
            legend={labels.memberIds}
            name="memberIds"
            options={members}
            selected={step.selectedMembers ?? members.map((o) => o.value)}
            errors={step.fieldErrors.memberIds}
          />
        )}
        <div className="flex flex-wrap gap-4">
          <Button name="intent" value="create" disabled={navigation.state === "submitting"}>
            {t("teamreviews:create.submit")}
          </Button>
          <Button name="intent" value="back" variant="secondary">
            {t("teamreviews:create.previous")}
          </Button>
        </div>
      </Form>
    </>
  );
}
