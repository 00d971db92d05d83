import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { ScoreToggle } from "~/components/ui/score-toggle";
import { Field } from "~/components/ui/forms";
import { scaleLevels } from "~/features/criteria/scales";
import { OFF, scoreField } from "../evaluation-form";
import type { EvaluationView } from "../evaluation-view";
import { useAutoSave } from "./use-auto-save";

type Reply = { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };

/** One member's scores and development goal: a real form, auto-saved with JavaScript. */
export function EvaluationMemberForm({
  review,
  dimensions,
  criteria,
  selected,
}: Pick<EvaluationView, "review" | "dimensions" | "criteria"> & { selected: NonNullable<EvaluationView["selected"]> }) {
  const { t, i18n } = useTranslation();
  const readOnly = Boolean(review.readOnly);
  const actionData = useActionData() as Reply | undefined;
  // Without JavaScript a refused save comes back here: show what was typed, with the errors.
  const reply = actionData?.initialValue?.subjectId === selected.id ? actionData : undefined;
  const typedScores = (reply?.initialValue?.score ?? {}) as Record<string, string>;
  const typedGoal = reply?.initialValue ? String(reply.initialValue.developmentGoal ?? "") : undefined;
  const errors = reply?.error ?? {};
  const autoSave = useAutoSave(readOnly, {
    ...Object.fromEntries(Object.entries(selected.values).map(([id, v]) => [scoreField(id), v])),
    developmentGoal: selected.developmentGoal,
  });
  const levels = scaleLevels(review.scale);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const summaryErrors = criteria
    .filter((c) => errors[scoreField(c.criterionId)]?.length)
    .map((c) => ({ id: `score-${c.criterionId}`, label: c.name, errors: errors[scoreField(c.criterionId)] }));
  return (
    <section aria-labelledby="member-heading">
      <h2 id="member-heading" className="text-xl">
        {selected.name}
      </h2>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {dimensions.map((d, i) => (
          <div key={d.dimension}>
            <dt className="inline font-medium">{d.name}: </dt>
            <dd className="inline">
              {selected.dimensionScores[i] === null ? "–" : number.format(selected.dimensionScores[i]!)}
            </dd>
          </div>
        ))}
        <div>
          <dt className="inline font-medium">{t("evaluation:role")}: </dt>
          <dd className="inline">{selected.role ?? t("evaluation:noRole")}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <ErrorSummary formErrors={errors[""]} fieldErrors={summaryErrors} />
      </div>
      <Form
        method="post"
        action={`/review/evaluation/${review.id}?member=${selected.id}`}
        ref={autoSave.formRef}
        onChange={autoSave.onChange}
        onSubmit={autoSave.onSubmit}
        className="rounded bg-white p-4 shadow-sm"
      >
        <input type="hidden" name="subjectId" value={selected.id} />
        {dimensions.map((d) => {
          const inDimension = criteria.filter((c) => c.dimension === d.dimension);
          return (
            <section key={d.dimension} aria-labelledby={`dimension-${d.dimension}`} className="mb-6">
              <h3 id={`dimension-${d.dimension}`} className="text-lg">
                {d.name}
              </h3>
              <p className="mb-2 text-sm text-ink-muted">{d.label}</p>
              {inDimension.length === 0 ? <p>{t("evaluation:noCriteria")}</p> : null}
              {inDimension.map((c) => (
                <ScoreToggle
                  key={c.criterionId}
                  criterion={c}
                  levels={levels}
                  name={scoreField(c.criterionId)}
                  defaultValue={typedScores[c.criterionId] ?? selected.values[c.criterionId] ?? OFF}
                  disabled={readOnly}
                  errors={errors[scoreField(c.criterionId)]}
                />
              ))}
            </section>
          );
        })}
        <Field
          label={t("evaluation:developmentGoal")}
          hint={t("evaluation:developmentGoalHint")}
          errors={errors.developmentGoal}
          textareaProps={{
            id: "developmentGoal",
            name: "developmentGoal",
            defaultValue: typedGoal ?? selected.developmentGoal,
            readOnly,
            maxLength: 4000,
          }}
        />
        <p role="status" aria-live="polite" className={`mb-3 min-h-6 ${autoSave.error ? "text-danger" : ""}`}>
          {autoSave.status}
        </p>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3">
            <Button name="intent" value="save">
              {t("evaluation:save")}
            </Button>
            <Button name="intent" value="saveNext" variant="secondary">
              {t("evaluation:saveNext")}
            </Button>
          </div>
        )}
      </Form>
    </section>
  );
}
