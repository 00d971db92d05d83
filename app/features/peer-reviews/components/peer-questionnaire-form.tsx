import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { ScaleLegend, ScoreToggle } from "~/components/ui/score-toggle";
import { scaleLevels, type Dimension, type LevelName, type ScaleSize } from "~/features/criteria/scales";
import { useAutoSave } from "~/features/reviews/components/use-auto-save";
import { OFF, scoreField } from "~/features/reviews/evaluation-form";

export type PeerQuestionnaireView = {
  assignmentId: string;
  review: { id: string; name: string; deadline: string; scale: ScaleSize };
  personName: string;
  role: "self" | "peer" | "leader";
  readOnly: "locked" | "finished" | "reviewFinished" | "notOwn" | null;
  dimensions: { dimension: Dimension; name: string; label: string }[];
  criteria: {
    criterionId: string;
    dimension: Dimension;
    name: string;
    description: string;
    characteristics: Partial<Record<LevelName, string>>;
  }[];
  values: Record<string, string>;
  /** The reviewer's own remark; null when the role has none (self, leader). */
  comment: string | null;
  threshold: number;
  answered: number;
  total: number;
};

type Reply = { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };

/**
 * One reviewer's questionnaire about one person in a peer round: the self review's score toggle, legend
 * and auto-save (`score.<criterionId>`), one part instead of two.
 */
export function PeerQuestionnaireForm(view: PeerQuestionnaireView) {
  const { t } = useTranslation();
  const { review, criteria, dimensions } = view;
  const readOnly = view.readOnly !== null;
  const actionData = useActionData() as Reply | undefined;
  const typed = (actionData?.initialValue?.score ?? {}) as Record<string, string>;
  const typedComment = actionData?.initialValue?.comment as string | undefined;
  const errors = actionData?.error ?? {};
  const autoSave = useAutoSave(readOnly, {
    ...Object.fromEntries(Object.entries(view.values).map(([id, v]) => [scoreField(id), v])),
    ...(view.comment === null ? {} : { comment: view.comment }),
  });
  const levels = scaleLevels(review.scale);
  const summaryErrors = criteria.flatMap((c) =>
    errors[scoreField(c.criterionId)]?.length
      ? [{ id: `score-${c.criterionId}`, label: c.name, errors: errors[scoreField(c.criterionId)] }]
      : [],
  );
  if (errors.comment?.length)
    summaryErrors.push({ id: "peer-comment", label: t("peerreviews:questionnaire.comment"), errors: errors.comment });
  return (
    <>
      <p>
        <Link to="/peerreview">{t("peerreviews:questionnaire.toMy")}</Link>
      </p>
      <h1 className="mt-2">{t("peerreviews:questionnaire.title", { name: review.name })}</h1>
      <dl className="mt-2 grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("peerreviews:questionnaire.about")}</dt>
        <dd>{view.personName}</dd>
        <dt className="font-medium">{t("peerreviews:questionnaire.role")}</dt>
        <dd>{t(`peerreviews:questionnaire.roles.${view.role}`)}</dd>
        <dt className="font-medium">{t("peerreviews:questionnaire.deadline")}</dt>
        <dd>{review.deadline || "–"}</dd>
        <dt className="font-medium">{t("peerreviews:questionnaire.progressLabel")}</dt>
        <dd>{t("peerreviews:questionnaire.progress", { done: view.answered, total: view.total })}</dd>
      </dl>
      {view.readOnly ? (
        <p className="my-4 rounded border-l-4 border-warning bg-warning-bg p-3 text-warning">
          {t(`peerreviews:questionnaire.readOnly.${view.readOnly}`)}
        </p>
      ) : (
        <p className="my-4">{t(`peerreviews:questionnaire.intro.${view.role}`)}</p>
      )}
      <ScaleLegend levels={levels} />
      <div className="mt-4">
        <ErrorSummary formErrors={errors[""]} fieldErrors={summaryErrors} />
      </div>
      <Form
        method="post"
        action={`/peerreview/questionnaire/${view.assignmentId}`}
        ref={autoSave.formRef}
        onChange={autoSave.onChange}
        onSubmit={autoSave.onSubmit}
        className="rounded bg-white p-4 shadow-sm"
      >
        {/* The auto-save hook sends the form's subjectId along; here it names the assignment. */}
        <input type="hidden" name="subjectId" value={view.assignmentId} />
        {dimensions.map((d) => {
          const inDimension = criteria.filter((c) => c.dimension === d.dimension);
          if (inDimension.length === 0) return null;
          return (
            <section key={d.dimension} aria-labelledby={`dimension-${d.dimension}`} className="mb-6">
              <h2 id={`dimension-${d.dimension}`} className="text-lg">
                {d.name}
              </h2>
              <p className="mb-2 text-sm text-ink-muted">{d.label}</p>
              {inDimension.map((c) => (
                <ScoreToggle
                  key={c.criterionId}
                  criterion={c}
                  levels={levels}
                  name={scoreField(c.criterionId)}
                  defaultValue={typed[c.criterionId] ?? view.values[c.criterionId] ?? OFF}
                  disabled={readOnly}
                  errors={errors[scoreField(c.criterionId)]}
                />
              ))}
            </section>
          );
        })}
        {view.comment === null ? null : (
          <div className="mb-6">
            <label htmlFor="peer-comment" className="block font-medium">
              {t("peerreviews:questionnaire.comment")}
            </label>
            <p id="peer-comment-hint" className="mb-1 text-sm text-ink-muted">
              {t("peerreviews:questionnaire.commentHint", { threshold: view.threshold })}
            </p>
            <textarea
              id="peer-comment"
              name="comment"
              rows={4}
              maxLength={2000}
              defaultValue={typedComment ?? view.comment}
              disabled={readOnly}
              aria-describedby={errors.comment?.length ? "peer-comment-hint peer-comment-error" : "peer-comment-hint"}
              aria-invalid={errors.comment?.length ? true : undefined}
              className="w-full max-w-2xl rounded border border-ink-muted p-2"
            />
            {errors.comment?.length ? (
              <p id="peer-comment-error" className="text-danger">
                {errors.comment.map((e) => t(e)).join(" ")}
              </p>
            ) : null}
          </div>
        )}
        <p role="status" aria-live="polite" className={`mb-3 min-h-6 ${autoSave.error ? "text-danger" : ""}`}>
          {autoSave.status}
        </p>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3">
            <Button name="intent" value="save">
              {t("peerreviews:questionnaire.save")}
            </Button>
            <Button name="intent" value="finish" variant="secondary">
              {t("peerreviews:questionnaire.saveAndFinish")}
            </Button>
          </div>
        )}
      </Form>
    </>
  );
}
