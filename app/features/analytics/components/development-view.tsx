import { useTranslation } from "react-i18next";
import type { RoleText } from "~/features/reviews/components/results-ui";
import { RoleDistribution } from "~/features/reviews/components/summary-charts";
import type { DevelopmentAnalytics } from "../development.server";

/** The development tab: the development roles of everyone's latest finished team review, in total and per team. */
export function DevelopmentView({ data, roles }: { data: DevelopmentAnalytics; roles: RoleText[] }) {
  const { t } = useTranslation();
  if (data.reviewed === 0) return <p data-testid="development-empty">{t("analytics:development.empty")}</p>;
  const summary = {
    teams: data.teams.map((team) => ({
      reviewId: team.teamId ?? team.name,
      name: team.name,
      subjects: team.people,
      roleCounts: team.roleCounts,
    })),
    total: { subjects: data.reviewed, roleCounts: data.total },
  };
  return (
    <div className="max-w-4xl">
      <p className="mb-4" data-testid="development-summary">
        {t("analytics:development.summary", { reviewed: data.reviewed, active: data.active })}
      </p>
      <RoleDistribution summary={summary} texts={{ roles }} />
    </div>
  );
}
