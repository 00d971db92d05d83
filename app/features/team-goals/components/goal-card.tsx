import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TeamGoalView } from "../team-goals.server";

/** What a goal card shows: the loader's view of a goal, without its team (the page's). */
export type GoalCardData = Omit<TeamGoalView, "teamId" | "teamName">;

/** A review round a goal can be linked to: the id is the team's review in that round. */
export type LinkableRound = { id: string; name: string; deadline: string };

export function periodText(t: (key: string, options?: Record<string, string>) => string, goal: GoalCardData) {
  if (goal.periodStart && goal.periodEnd)
    return t("goals:period.between", { start: goal.periodStart, end: goal.periodEnd });
  if (goal.periodStart) return t("goals:period.from", { start: goal.periodStart });
  if (goal.periodEnd) return t("goals:period.until", { end: goal.periodEnd });
  return "";
}

/** One goal or ambition, read-only; `actions` holds the manager's links (edit, archive). */
export function GoalCard({
  goal,
  headingLevel = 3,
  team,
  actions,
}: {
  goal: GoalCardData;
  headingLevel?: 3 | 4;
  /** The team's name, on pages that list several teams' goals. */
  team?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const headingId = `goal-${goal.id}-title`;
  const rows = [
    { key: "growthStrategy", label: t("goals:fields.growthStrategy"), value: goal.growthStrategy },
    { key: "measuredBy", label: t("goals:fields.measuredBy"), value: goal.measuredBy },
    { key: "period", label: t("goals:fields.period"), value: periodText(t, goal) },
    { key: "additionalText", label: t("goals:fields.additionalText"), value: goal.additionalText },
    { key: "rounds", label: t("goals:fields.rounds"), value: goal.rounds.join(", ") },
  ].filter((r) => r.value);
  return (
    <article aria-labelledby={headingId} className="rounded bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-ink-muted">
        {t(`goals:kind.${goal.kind}`)}
        {team ? <> · {team}</> : null}
        {goal.archivedOn ? <> · {t("goals:archivedOn", { date: goal.archivedOn })}</> : null}
      </p>
      <Heading id={headingId} className="mt-1 whitespace-pre-line text-lg font-semibold">
        {goal.text}
      </Heading>
      {rows.length > 0 ? (
        <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
          {rows.map((r) => (
            <div key={r.key} className="contents">
              <dt className="font-medium">{r.label}</dt>
              <dd className="whitespace-pre-line">{r.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {actions ? <div className="mt-3 flex flex-wrap gap-4">{actions}</div> : null}
    </article>
  );
}
