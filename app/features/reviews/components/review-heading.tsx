import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReadOnlyReason, ReviewHeadingData } from "../evaluation-view";

/** Why the evaluation cannot be changed (locked round or finished review), if it cannot. */
export function ReadOnlyNotice({ reason, className = "" }: { reason: ReadOnlyReason; className?: string }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <p className={`${className} rounded border-l-4 border-warning bg-warning-bg p-3 text-warning`.trim()}>
      {t(`evaluation:readOnly.${reason}`)}
    </p>
  );
}

/** The top of the evaluation's sub-pages (criteria, finish): back link, title, review and team. */
export function ReviewSubpageHeading({ review, title }: { review: ReviewHeadingData; title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p>
        <Link to={`/review/evaluation/${review.id}`}>{t("evaluation:finish.back")}</Link>
      </p>
      <h1 className="mb-2 mt-2">{title}</h1>
      <p className="mb-4">
        {review.name} · {review.teamName}
      </p>
    </>
  );
}
