import { useTranslation } from "react-i18next";
import { wizardSteps, type ReviewStep, type WizardStep } from "../import-steps";

function currentStep(status: string, step: ReviewStep): WizardStep {
  if (status === "parsing" || status === "failed") return "upload";
  if (status === "columns" || status === "comparing") return "columns";
  if (status === "applied") return "complete";
  return step;
}

/** The wizard's steps (spec §4), the current one marked for screen readers too. */
export function WizardStepList({ status, step }: { status: string; step: ReviewStep }) {
  const { t } = useTranslation();
  const current = currentStep(status, step);
  return (
    <ol className="mb-6 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {wizardSteps.map((s, i) => (
        <li
          key={s}
          aria-current={s === current ? "step" : undefined}
          className={s === current ? "font-bold" : "text-ink-muted"}
        >
          {i + 1}. {t(`import:steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}
