import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { CheckboxList } from "~/features/reviews/components/checkbox-list";
import {
  CreateStepButtons,
  CriteriaSetField,
  DeadlineField,
  NextStepButton,
} from "~/features/reviews/components/wizard-step-one";
import type { selfReviewOptions, selfReviewStepTwo } from "~/features/reviews/self-review-create.server";

/*
 * The steps of the self review wizard (review/create/selfreview): create from a team review round, or from
 * scratch in two steps. The wizard's state travels in the action's answer and in hidden fields (0202).
 */

type Options = Awaited<ReturnType<typeof selfReviewOptions>>;
/** The loader's options, with each round's deadline formatted for display. */
export type SelfReviewWizardOptions = Omit<Options, "rounds"> & {
  rounds: (Omit<Options["rounds"][number], "deadline"> & { deadline: string })[];
};

export type Errors = Record<string, string[] | undefined>;
export type Values = {
  name: string;
  deadline: string;
  teamIds: string[];
  tagIds: string[];
  setId: string;
  roundId: string;
};
export type StepTwoData = Awaited<ReturnType<typeof selfReviewStepTwo>>;
export type SelfReviewWizardState =
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

export function FromRound({ data: state }: { data: Extract<SelfReviewWizardState, { form: "round" }> | null }) {
  const { t } = useTranslation();
  const { options } = useLoaderData<{ options: SelfReviewWizardOptions }>();
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
        <DeadlineField
          label={labels.deadline}
          errors={errors.deadline}
          inputProps={{ id: "round-deadline", name: "deadline", defaultValue: state?.values.deadline ?? "" }}
        />
        <Button name="intent" value="fromRound" disabled={navigation.state === "submitting"}>
          {t("selfreviews:create.submitFromRound")}
        </Button>
      </Form>
    </section>
  );
}

/** Texts of the steps: the self review's, or those of another review type that reuses them (peer rounds). */
export type WizardNamespace = "selfreviews" | "peerreviews";

export function DetailsStep({
  data: state,
  ns = "selfreviews",
}: {
  data: Extract<SelfReviewWizardState, { form: "details" }> | null;
  ns?: WizardNamespace;
}) {
  const { t } = useTranslation();
  const { options } = useLoaderData<{ options: SelfReviewWizardOptions }>();
  const errors = state?.errors ?? {};
  const values = state?.values;
  const labels = {
    name: t(`${ns}:create.name`),
    deadline: t(`${ns}:create.deadline`),
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
          {t(`${ns}:create.detailsHeading`)}
        </h2>
        <p className="mb-4 text-ink-muted">{t("teamreviews:create.stepOf", { step: 1, steps: 2 })}</p>
        <Field
          label={labels.name}
          hint={t(`${ns}:create.nameHint`)}
          errors={errors.name}
          inputProps={{ id: "name", name: "name", defaultValue: values?.name ?? "", autoComplete: "off" }}
        />
        <DeadlineField
          label={labels.deadline}
          errors={errors.deadline}
          inputProps={{ id: "deadline", name: "deadline", defaultValue: values?.deadline ?? "" }}
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
            hint={t(`${ns}:create.tagsHint`)}
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
          <CriteriaSetField
            label={labels.setId}
            errors={errors.setId}
            id="setId"
            name="setId"
            defaultValue={values?.setId ?? ""}
            sets={options.sets}
          />
        )}
        <NextStepButton />
      </Form>
    </section>
  );
}

export function PeopleStep({
  data: state,
  ns = "selfreviews",
}: {
  data: Extract<SelfReviewWizardState, { form: "people" }>;
  ns?: WizardNamespace;
}) {
  const { t } = useTranslation();
  const { stepTwo, values, errors } = state;
  const participants = stepTwo.participants.map((p) => ({
    value: p.membershipId,
    label: `${p.name} (${p.teams.join(", ")})`,
  }));
  const labels = { participantIds: t(`${ns}:create.participants`), criterionIds: t(`${ns}:create.extras`) };
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
        <h2 className="mb-2">{t(`${ns}:create.peopleHeading`)}</h2>
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
          hint={t(`${ns}:create.participantsHint`)}
          name="participantIds"
          options={participants}
          selected={state.participantIds ?? participants.map((o) => o.value)}
          errors={errors.participantIds}
        />
        <h3 className="text-lg">{t(`${ns}:create.setCriteria`)}</h3>
        <ul className="mb-4 ml-5 list-disc">
          {stepTwo.setCriteria.map((c) => (
            <li key={c.id}>{c.name}</li>
          ))}
        </ul>
        {stepTwo.extras.length > 0 && stepTwo.flex > 0 ? (
          <CheckboxList
            id="criterionIds"
            legend={labels.criterionIds}
            hint={t(`${ns}:create.extrasHint`, { n: stepTwo.flex })}
            name="criterionIds"
            options={stepTwo.extras.map((c) => ({ value: c.id, label: c.name }))}
            selected={state.criterionIds}
            errors={errors.criterionIds}
          />
        ) : null}
        <CreateStepButtons submitLabel={t(`${ns}:create.submit`)} />
      </Form>
    </>
  );
}
