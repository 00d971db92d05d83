import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/forms";
import { scoreField } from "../evaluation-form";
import type { EvaluationView } from "../evaluation-view";
import { ScoreQuestionnaire } from "./score-questionnaire";

/** One member's scores and development goal in the review family's score form. */
export function EvaluationMemberForm({
  review,
  dimensions,
  criteria,
  selected,
}: Pick<EvaluationView, "review" | "dimensions" | "criteria"> & { selected: NonNullable<EvaluationView["selected"]> }) {
  const { t, i18n } = useTranslation();
  const readOnly = Boolean(review.readOnly);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
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
      <ScoreQuestionnaire
        action={`/review/evaluation/${review.id}?member=${selected.id}`}
        subjectId={selected.id}
        // Without JavaScript a refused save comes back here: show what was typed, with the errors.
        replyFor={selected.id}
        scale={review.scale}
        readOnly={readOnly}
        dimensions={dimensions}
        criteria={criteria}
        parts={[{ field: scoreField, replyKey: "score", values: selected.values }]}
        dimensionHeading="h3"
        noCriteria={t("evaluation:noCriteria")}
        texts={{
          values: { developmentGoal: selected.developmentGoal },
          render: ({ replied, typed, errors }) => (
            <Field
              label={t("evaluation:developmentGoal")}
              hint={t("evaluation:developmentGoalHint")}
              errors={errors.developmentGoal}
              textareaProps={{
                id: "developmentGoal",
                name: "developmentGoal",
                defaultValue: replied ? String(typed.developmentGoal ?? "") : selected.developmentGoal,
                readOnly,
                maxLength: 4000,
              }}
            />
          ),
        }}
        buttons={[
          { value: "save", label: t("evaluation:save") },
          { value: "saveNext", label: t("evaluation:saveNext") },
        ]}
      />
    </section>
  );
}
