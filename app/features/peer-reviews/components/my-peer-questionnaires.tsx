import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable } from "~/components/ui/table";

export type MyPeerQuestionnaire = {
  assignmentId: string;
  reviewId: string;
  name: string;
  deadline: string;
  role: "self" | "peer" | "leader";
  personName: string;
  subjectMembershipId: string;
  answered: number;
  questions: number;
  state: "open" | "locked" | "finished";
};

/** The signed-in person's questionnaires in peer rounds; their own (role self) also link to their result. */
export function MyPeerQuestionnaires({ rows }: { rows: MyPeerQuestionnaire[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="mt-2">{t("peerreviews:my.empty")}</p>;
  return (
    <ListTable
      caption={t("peerreviews:my.heading")}
      columns={[
        { label: t("peerreviews:my.review") },
        { label: t("peerreviews:my.about") },
        { label: t("peerreviews:my.role") },
        { label: t("peerreviews:my.deadline") },
        { label: t("peerreviews:my.progress") },
        { label: t("peerreviews:my.state") },
        { label: t("peerreviews:my.open"), hidden: true },
      ]}
    >
      {rows.map((r) => (
        <tr key={r.assignmentId} className="border-b">
          <td className="p-2">{r.name}</td>
          <td className="p-2">{r.personName}</td>
          <td className="p-2">{t(`peerreviews:questionnaire.roles.${r.role}`)}</td>
          <td className="p-2">{r.deadline || "–"}</td>
          <td className="p-2">
            {t("peerreviews:questionnaire.progress", { done: Math.min(r.answered, r.questions), total: r.questions })}
          </td>
          <td className="p-2">{t(`peerreviews:overview.states.${r.state}`)}</td>
          <td className="p-2">
            <span className="flex flex-wrap gap-4">
              <Link
                to={`/peerreview/questionnaire/${r.assignmentId}`}
                aria-label={`${t("peerreviews:my.questionnaire")}: ${r.personName}`}
              >
                {t("peerreviews:my.questionnaire")}
              </Link>
              {r.role === "self" ? (
                <Link to={`/peerreview/result/${r.reviewId}/${r.subjectMembershipId}`}>
                  {t("peerreviews:my.result")}
                </Link>
              ) : null}
            </span>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
