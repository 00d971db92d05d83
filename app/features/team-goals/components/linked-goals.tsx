import { useTranslation } from "react-i18next";
import { Section } from "~/components/ui/table";
import type { TeamGoalKind } from "#db/schema/enums";

export type LinkedGoalsData = {
  reviewId: string;
  teamName: string;
  goals: {
    id: string;
    kind: TeamGoalKind;
    text: string;
    measuredBy: string;
    periodStart: string;
    periodEnd: string;
    archivedOn: string | null;
  }[];
}[];

/**
 * The team goals linked to a round, per team, beside the round's results (spec §3 Review "linked team goals",
 * docs/decisions/1340). Texts in the results namespace, which the results pages load.
 */
export function LinkedGoals({ teams }: { teams: LinkedGoalsData }) {
  const { t } = useTranslation();
  if (teams.length === 0) return null;
  return (
    <Section
      id="linked-goals"
      title={t("results:linkedGoals.title")}
      className="mb-6 rounded bg-white p-4 shadow-sm"
      headingClassName="text-lg font-semibold"
    >
      <p className="text-sm text-ink-muted">{t("results:linkedGoals.intro")}</p>
      {teams.map((team) => (
        <div key={team.reviewId} className="mt-3">
          <h3 className="font-semibold">{team.teamName}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-6">
            {team.goals.map((goal) => {
              const period = [goal.periodStart, goal.periodEnd].filter(Boolean).join(" – ");
              return (
                <li key={goal.id}>
                  <span className="font-medium">{t(`results:linkedGoals.kind.${goal.kind}`)}:</span>{" "}
                  <span className="whitespace-pre-line">{goal.text}</span>
                  {goal.measuredBy ? <> · {t("results:linkedGoals.measuredBy", { text: goal.measuredBy })}</> : null}
                  {period ? <> · {period}</> : null}
                  {goal.archivedOn ? <> · {t("results:linkedGoals.archived", { date: goal.archivedOn })}</> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </Section>
  );
}
