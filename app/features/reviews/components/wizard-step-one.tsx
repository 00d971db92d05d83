import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Button, Field, type ListOfErrors } from "~/components/ui/forms";

/** Step 1's criteria set (team and self review wizards): "choose a set" first, then the cluster's sets. */
export function CriteriaSetField({
  label,
  errors,
  id,
  name,
  defaultValue,
  sets,
}: {
  label: string;
  errors: ListOfErrors;
  id: string;
  name: string;
  defaultValue: string;
  sets: readonly { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={label}
      errors={errors}
      selectProps={{ id, name, defaultValue }}
      options={[
        { value: "", label: t("teamreviews:create.chooseSet") },
        ...sets.map((s) => ({ value: s.id, label: s.name })),
      ]}
    />
  );
}

/** Step 1's way on: disabled while the step is being sent, so a double click sends it once. */
export function NextStepButton() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Button name="intent" value="next" disabled={navigation.state === "submitting"}>
      {t("teamreviews:create.next")}
    </Button>
  );
}

/** The last step's ways on: create (disabled while sending, as NextStepButton) or back to step 1. */
export function CreateStepButtons({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="flex flex-wrap gap-4">
      <Button name="intent" value="create" disabled={navigation.state === "submitting"}>
        {submitLabel}
      </Button>
      <Button name="intent" value="back" variant="secondary">
        {t("teamreviews:create.previous")}
      </Button>
    </div>
  );
}

/** Step 1's deadline: typed as dd-mm-jjjj (a numeric keyboard on phones), with the wizards' hint. */
export function DeadlineField({
  label,
  errors,
  inputProps,
}: {
  label: string;
  errors: ListOfErrors;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={label}
      hint={t("teamreviews:create.deadlineHint")}
      errors={errors}
      inputProps={{
        ...inputProps,
        placeholder: t("teamreviews:create.datePlaceholder"),
        inputMode: "numeric",
        autoComplete: "off",
      }}
    />
  );
}
