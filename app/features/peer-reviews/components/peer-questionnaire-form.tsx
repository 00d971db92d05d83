import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ScaleSize } from "~/features/criteria/scales";
import {
  ScoreQuestionnaire,
  type QuestionnaireCriterion,
  type QuestionnaireDimension,
} from "~/features/reviews/components/score-questionnaire";
import { scoreField } from "~/features/reviews/evaluation-form";

export type PeerQuestionnaireView = {
  assignmentId: string;
  review: { id: string; name: string; deadline: string; scale: ScaleSize };
  personName: string;
  role: "self" | "peer" | "leader";
  readOnly: "locked" | "finished" | "reviewFinished" | "notOwn" | null;
  dimensions: QuestionnaireDimension[];
  criteria: QuestionnaireCriterion[];
  values: Record<string, string>;
  /** The reviewer's own remark; null when the role has none (self, leader). */
  comment: string | null;
  threshold: number;
  answered: number;
  total: number;
};

/**
 * One reviewer's questionnaire about one person in a peer round: the review family's score form with one
 * part (`score.<criterionId>`) and, for a peer, a remark.
 */
export function PeerQuestionnaireForm(view: PeerQuestionnaireView) {
  const { t } = useTranslation();
  const { review } = view;
  const comment = view.comment;
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
      <ScoreQuestionnaire
        action={`/peerreview/questionnaire/${view.assignmentId}`}
        // The auto-save hook sends the form's subjectId along; here it names the assignment.
        subjectId={view.assignmentId}
        scale={review.scale}
        readOnly={view.readOnly !== null}
        dimensions={view.dimensions}
        criteria={view.criteria}
        parts={[{ field: scoreField, replyKey: "score", values: view.values }]}
        dimensionHeading="h2"
        legend
        texts={
          comment === null
            ? undefined
            : {
                values: { comment },
                render: ({ typed, errors }) => (
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
                      defaultValue={(typed.comment as string | undefined) ?? comment}
                      disabled={view.readOnly !== null}
                      aria-describedby={
                        errors.comment?.length ? "peer-comment-hint peer-comment-error" : "peer-comment-hint"
                      }
                      aria-invalid={errors.comment?.length ? true : undefined}
                      className="w-full max-w-2xl rounded border border-ink-muted p-2"
                    />
                    {errors.comment?.length ? (
                      <p id="peer-comment-error" className="text-danger">
                        {errors.comment.map((e) => t(e)).join(" ")}
                      </p>
                    ) : null}
                  </div>
                ),
              }
        }
        textErrors={(errors) =>
          errors.comment?.length
            ? [{ id: "peer-comment", label: t("peerreviews:questionnaire.comment"), errors: errors.comment }]
            : []
        }
        buttons={[
          { value: "save", label: t("peerreviews:questionnaire.save") },
          { value: "finish", label: t("peerreviews:questionnaire.saveAndFinish") },
        ]}
      />
    </>
  );
}
