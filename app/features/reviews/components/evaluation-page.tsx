import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ScaleLegend } from "~/components/ui/score-toggle";
import { scaleLevels } from "~/features/criteria/scales";
import type { EvaluationView } from "../evaluation-view";
import { EvaluationMemberForm } from "./evaluation-member-form";
import { ReadOnlyNotice } from "./review-heading";

/** A team review's evaluation: the members with their progress, and the selected member's form. */
export function EvaluationPage({ review, dimensions, criteria, members, selected }: EvaluationView) {
  const { t } = useTranslation();
  return (
    <>
      <p>
        <Link to="/teamreviews/overview">{t("evaluation:backToOverview")}</Link>
      </p>
      <h1 className="mt-2">{review.name}</h1>
      <dl className="mt-2 grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("evaluation:team")}</dt>
        <dd>{review.teamName}</dd>
        <dt className="font-medium">{t("evaluation:deadline")}</dt>
        <dd>{review.deadline || "–"}</dd>
      </dl>
      <ScaleLegend levels={scaleLevels(review.scale)} />
      <ReadOnlyNotice reason={review.readOnly} className="my-4" />
      <p className="my-4 flex flex-wrap gap-4">
        <Link to={`/review/evaluation/${review.id}/criteria`}>{t("evaluation:criteriaLink")}</Link>
        {review.readOnly ? null : (
          <Link to={`/review/evaluation/${review.id}/finish`}>{t("evaluation:finishLink")}</Link>
        )}
      </p>
      {members.length === 0 || !selected ? (
        <p>{t("evaluation:noMembers")}</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[16rem_1fr]">
          <nav aria-label={t("evaluation:members")}>
            <h2 className="text-lg">{t("evaluation:members")}</h2>
            <ul className="mt-2 space-y-1">
              {members.map((m) => (
                <li key={m.id}>
                  <Link
                    to={`?member=${m.id}`}
                    aria-current={m.id === selected.id ? "page" : undefined}
                    className={`block rounded px-2 py-1 ${m.id === selected.id ? "bg-brand-50 font-semibold" : ""}`}
                  >
                    {m.name}
                    <span className="block text-sm font-normal text-ink-muted">
                      {t("evaluation:progress", {
                        done: Math.min(m.scoredCount, criteria.length),
                        total: criteria.length,
                      })}
                      {m.role ? ` · ${m.role}` : ""}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <EvaluationMemberForm
            key={selected.id}
            review={review}
            dimensions={dimensions}
            criteria={criteria}
            selected={selected}
          />
        </div>
      )}
    </>
  );
}
