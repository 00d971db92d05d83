import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { ScaleLegend, ScoreToggle } from "~/components/ui/score-toggle";
import { scaleLevels, type Dimension, type LevelName, type ScaleSize } from "~/features/criteria/scales";
import { OFF, scoreField } from "../evaluation-form";
import { teamField } from "../self-review.schema";
import { useAutoSave } from "./use-auto-save";

export type QuestionnaireView = {
  review: { id: string; name: string; deadline: string; scale: ScaleSize };
  membershipId: string;
  subjectId: string;
  personName: string;
  teamName: string | null;
  readOnly: "locked" | "finished" | "reviewFinished" | "notOwn" | null;
  dimensions: { dimension: Dimension; name: string; label: string }[];
  criteria: {
    criterionId: string;
    dimension: Dimension;
    name: string;
    description: string;
    characteristics: Partial<Record<LevelName, string>>;
  }[];
  teamValues: Record<string, string>;
  ownValues: Record<string, string>;
  answered: number;
  total: number;
};

type Reply = { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };

/** The two parts of a self review questionnaire in one real form, auto-saved with JavaScript. */
export function QuestionnaireForm(view: QuestionnaireView) {
  const { t } = useTranslation();
  const { review, criteria, dimensions } = view;
  const readOnly = view.readOnly !== null;
  const actionData = useActionData() as Reply | undefined;
  const typed = actionData?.initialValue ?? {};
  const typedTeam = (typed.team ?? {}) as Record<string, string>;
  const typedOwn = (typed.score ?? {}) as Record<string, string>;
  const errors = actionData?.error ?? {};
  const autoSave = useAutoSave(readOnly, {
    ...Object.fromEntries(Object.entries(view.teamValues).map(([id, v]) => [teamField(id), v])),
    ...Object.fromEntries(Object.entries(view.ownValues).map(([id, v]) => [scoreField(id), v])),
  });
  const levels = scaleLevels(review.scale);
  const base = `/selfreview/questionnaire/${review.id}/${view.membershipId}`;
  const summaryErrors = criteria.flatMap((c) => [
    ...(errors[teamField(c.criterionId)]?.length
      ? [{ id: `score-team-${c.criterionId}`, label: c.name, errors: errors[teamField(c.criterionId)] }]
      : []),
    ...(errors[scoreField(c.criterionId)]?.length
      ? [{ id: `score-${c.criterionId}`, label: c.name, errors: errors[scoreField(c.criterionId)] }]
      : []),
  ]);

  const part = (which: "team" | "own") =>
    dimensions.map((d) => {
      const inDimension = criteria.filter((c) => c.dimension === d.dimension);
      if (inDimension.length === 0) return null;
      return (
        <section key={d.dimension} aria-labelledby={`${which}-dimension-${d.dimension}`} className="mb-6">
          <h3 id={`${which}-dimension-${d.dimension}`} className="text-lg">
            {d.name}
          </h3>
          <p className="mb-2 text-sm text-ink-muted">{d.label}</p>
          {inDimension.map((c) => {
            const name = which === "team" ? teamField(c.criterionId) : scoreField(c.criterionId);
            const stored = which === "team" ? view.teamValues : view.ownValues;
            const typedValue = which === "team" ? typedTeam[c.criterionId] : typedOwn[c.criterionId];
            return (
              <ScoreToggle
                key={name}
                criterion={which === "team" ? { ...c, criterionId: `team-${c.criterionId}` } : c}
                levels={levels}
                name={name}
                defaultValue={typedValue ?? stored[c.criterionId] ?? OFF}
                disabled={readOnly}
                errors={errors[name]}
              />
            );
          })}
        </section>
      );
    });

  return (
    <>
      <h1 className="mt-2">{t("selfreviews:questionnaire.title", { name: review.name })}</h1>
      <dl className="mt-2 grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("selfreviews:questionnaire.person")}</dt>
        <dd>{view.personName}</dd>
        {view.teamName ? (
          <>
            <dt className="font-medium">{t("selfreviews:questionnaire.team")}</dt>
            <dd>{view.teamName}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t("selfreviews:questionnaire.deadline")}</dt>
        <dd>{review.deadline || "–"}</dd>
        <dt className="font-medium">{t("selfreviews:questionnaire.progressLabel")}</dt>
        <dd>{t("selfreviews:questionnaire.progress", { done: view.answered, total: view.total })}</dd>
      </dl>
      {view.readOnly ? (
        <p className="my-4 rounded border-l-4 border-warning bg-warning-bg p-3 text-warning">
          {t(`selfreviews:questionnaire.readOnly.${view.readOnly}`)}
        </p>
      ) : (
        <p className="my-4">{t("selfreviews:questionnaire.intro")}</p>
      )}
      {view.readOnly === "finished" || view.readOnly === "reviewFinished" ? (
        <p className="mb-4">
          <Link to={`/selfreview/result/${review.id}/${view.membershipId}`}>
            {t("selfreviews:questionnaire.toResult")}
          </Link>
        </p>
      ) : null}
      <ScaleLegend levels={levels} />
      <div className="mt-4">
        <ErrorSummary formErrors={errors[""]} fieldErrors={summaryErrors} />
      </div>
      <Form
        method="post"
        action={base}
        ref={autoSave.formRef}
        onChange={autoSave.onChange}
        onSubmit={autoSave.onSubmit}
        className="rounded bg-white p-4 shadow-sm"
      >
        <input type="hidden" name="subjectId" value={view.subjectId} />
        <section aria-labelledby="team-part" className="mb-8">
          <h2 id="team-part" className="text-xl">
            {t("selfreviews:questionnaire.teamPart")}
          </h2>
          <p className="mb-4">{t("selfreviews:questionnaire.teamPartHint")}</p>
          {part("team")}
        </section>
        <section aria-labelledby="own-part" className="mb-6">
          <h2 id="own-part" className="text-xl">
            {t("selfreviews:questionnaire.ownPart")}
          </h2>
          <p className="mb-4">{t("selfreviews:questionnaire.ownPartHint")}</p>
          {part("own")}
        </section>
        <p role="status" aria-live="polite" className={`mb-3 min-h-6 ${autoSave.error ? "text-danger" : ""}`}>
          {autoSave.status}
        </p>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3">
            <Button name="intent" value="save">
              {t("selfreviews:questionnaire.save")}
            </Button>
            <Button name="intent" value="finish" variant="secondary">
              {t("selfreviews:questionnaire.saveAndFinish")}
            </Button>
          </div>
        )}
      </Form>
    </>
  );
}
