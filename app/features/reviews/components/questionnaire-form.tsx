import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ScaleSize } from "~/features/criteria/scales";
import { scoreField } from "../evaluation-form";
import { teamField } from "../self-review.schema";
import { ScoreQuestionnaire, type QuestionnaireCriterion, type QuestionnaireDimension } from "./score-questionnaire";

export type QuestionnaireView = {
  review: { id: string; name: string; deadline: string; scale: ScaleSize };
  membershipId: string;
  subjectId: string;
  personName: string;
  teamName: string | null;
  readOnly: "locked" | "finished" | "reviewFinished" | "notOwn" | null;
  dimensions: QuestionnaireDimension[];
  criteria: QuestionnaireCriterion[];
  teamValues: Record<string, string>;
  ownValues: Record<string, string>;
  answered: number;
  total: number;
};

/** The two parts of a self review questionnaire (the team, then oneself) in the review family's score form. */
export function QuestionnaireForm(view: QuestionnaireView) {
  const { t } = useTranslation();
  const { review } = view;
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
      <ScoreQuestionnaire
        action={`/selfreview/questionnaire/${review.id}/${view.membershipId}`}
        subjectId={view.subjectId}
        scale={review.scale}
        readOnly={view.readOnly !== null}
        dimensions={view.dimensions}
        criteria={view.criteria}
        parts={[
          {
            name: "team",
            field: teamField,
            replyKey: "team",
            idPrefix: "team-",
            values: view.teamValues,
            heading: {
              title: t("selfreviews:questionnaire.teamPart"),
              hint: t("selfreviews:questionnaire.teamPartHint"),
            },
          },
          {
            name: "own",
            field: scoreField,
            replyKey: "score",
            values: view.ownValues,
            heading: {
              title: t("selfreviews:questionnaire.ownPart"),
              hint: t("selfreviews:questionnaire.ownPartHint"),
            },
          },
        ]}
        dimensionHeading="h3"
        legend
        buttons={[
          { value: "save", label: t("selfreviews:questionnaire.save") },
          { value: "finish", label: t("selfreviews:questionnaire.saveAndFinish") },
        ]}
      />
    </>
  );
}
