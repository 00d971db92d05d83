import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable, Row } from "~/components/ui/table";
import { GapText } from "~/features/competences/components/score-form";
import type { GapStatus } from "~/features/competences/levels";
import type { MyLearningGoal } from "~/features/dialogs/my-learning-goals.server";

/** My dialogs' learning goals with the average progress of their initiatives (module dialog). */
export function GrowthLearningGoals({ goals, linkDialogs }: { goals: MyLearningGoal[]; linkDialogs: boolean }) {
  const { t } = useTranslation();
  if (goals.length === 0) return <p className="mt-2">{t("growth:dialogs.none")}</p>;
  return (
    <ListTable
      caption={t("growth:dialogs.title")}
      sticky={false}
      className="mt-3 w-full text-left"
      columns={[
        { label: t("growth:dialogs.goal") },
        { label: t("growth:dialogs.dialog") },
        { label: t("growth:dialogs.progress") },
      ]}
    >
      {goals.map((goal) => (
        <Row
          key={goal.id}
          cells={[
            goal.title,
            <span key="d">
              {linkDialogs ? (
                <Link to={`/dialogs/${goal.dialogId}`} className="underline">
                  {goal.objective}
                </Link>
              ) : (
                goal.objective
              )}
              {goal.state === "finished" ? (
                <span className="block text-sm text-ink-muted">{t("growth:dialogs.finished")}</span>
              ) : null}
            </span>,
            <span key="p" className="tabular-nums">
              {goal.initiatives > 0 ? `${goal.progress} %` : t("growth:dialogs.noInitiatives")}
            </span>,
          ]}
        />
      ))}
    </ListTable>
  );
}

type GapLine = {
  competenceId: string;
  name: string;
  required: number | null;
  actual: number | null;
  gap: number | null;
  status: GapStatus;
};

/** My actual level against what my position(s) require, per required competence (module competences). */
export function GrowthCompetenceGaps({ positions, lines }: { positions: string[]; lines: GapLine[] }) {
  const { t } = useTranslation();
  const required = lines.filter((line) => line.required !== null);
  return (
    <>
      <p className="mt-2 text-ink-muted">
        {positions.length > 0
          ? t("growth:competences.positions", { names: positions.join(", ") })
          : t("growth:competences.noPosition")}
      </p>
      {required.length === 0 ? (
        <p className="mt-2">{t("growth:competences.none")}</p>
      ) : (
        <ListTable
          caption={t("growth:competences.title")}
          sticky={false}
          className="mt-3 w-full text-left"
          columns={[
            { label: t("growth:competences.competence") },
            { label: t("growth:competences.required") },
            { label: t("growth:competences.actual") },
            { label: t("growth:competences.gap") },
          ]}
        >
          {required.map((line) => (
            <Row
              key={line.competenceId}
              cells={[
                line.name,
                String(line.required),
                line.actual === null ? "–" : String(line.actual),
                <GapText key="g" gap={line.gap} status={line.status} />,
              ]}
            />
          ))}
        </ListTable>
      )}
    </>
  );
}
