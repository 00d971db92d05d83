import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { ListTable } from "~/components/ui/table";
import { formatDateTime } from "~/utils/format";

type RoleLabel = { id: number; label: string };

/** A role's label, or "no role" for a person without one. */
export function useRoleName(roles: readonly RoleLabel[]) {
  const { t } = useTranslation();
  return (id: number | null) => roles.find((r) => r.id === id)?.label ?? t("results:noRole");
}

/** Per team review of the round: how many people each development role holds now (after calibration). */
export function CalibrationSpreadTable({
  teams,
  roles,
}: {
  teams: { reviewId: string; teamName: string; subjects: number; roleCounts: Record<string, number> }[];
  roles: readonly RoleLabel[];
}) {
  const { t } = useTranslation();
  const number = "p-2 text-right";
  return (
    <ListTable
      caption={t("calibration:spread.title")}
      columns={[
        t("calibration:spread.team"),
        ...roles.map((r) => ({ label: r.label, className: number })),
        { label: t("results:noRole"), className: number },
        { label: t("calibration:spread.people"), className: number },
      ]}
    >
      {teams.map((team) => (
        <tr key={team.reviewId} className="border-b last:border-0">
          <th scope="row" className="p-2 font-normal">
            {team.teamName}
          </th>
          {roles.map((r) => (
            <td key={r.id} className={`${number} tabular-nums`}>
              {team.roleCounts[String(r.id)] ?? 0}
            </td>
          ))}
          <td className={`${number} tabular-nums`}>{team.roleCounts.none ?? 0}</td>
          <td className={`${number} tabular-nums`}>{team.subjects}</td>
        </tr>
      ))}
    </ListTable>
  );
}

/** The people of the round with their computed and placed role, each with a link to move them. */
export function CalibrationPeopleTable({
  people,
  roles,
}: {
  people: {
    subjectId: string;
    name: string;
    teamName: string;
    originalRole: number | null;
    placedRole: number | null;
  }[];
  roles: readonly RoleLabel[];
}) {
  const { t } = useTranslation();
  const roleName = useRoleName(roles);
  if (people.length === 0) return <p className="rounded bg-white p-4 shadow-sm">{t("calibration:people.none")}</p>;
  return (
    <ListTable
      caption={t("calibration:people.caption")}
      columns={[
        t("calibration:people.name"),
        t("calibration:people.team"),
        t("calibration:people.computed"),
        t("calibration:people.placed"),
        { label: t("calibration:people.actions"), hidden: true },
      ]}
    >
      {people.map((p) => (
        <tr key={p.subjectId} className="border-b last:border-0">
          <td className="p-2">{p.name}</td>
          <td className="p-2">{p.teamName}</td>
          <td className="p-2">{roleName(p.originalRole)}</td>
          <td className="p-2">
            {roleName(p.placedRole)}
            {p.placedRole !== p.originalRole ? (
              <span className="ml-2 rounded bg-brand-50 px-1 text-sm">{t("calibration:people.calibrated")}</span>
            ) : null}
          </td>
          <td className="p-2">
            <AppLink href={`/review/calibration/${p.subjectId}`}>
              {t("calibration:people.move")}
              <span className="sr-only"> {p.name}</span>
            </AppLink>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

/** Every move of one placement, newest first: from, to, who, when and why. */
export function CalibrationHistoryTable({
  moves,
  roles,
}: {
  moves: { id: string; fromRole: number | null; toRole: number; reason: string; at: string; movedBy: string | null }[];
  roles: readonly RoleLabel[];
}) {
  const { t } = useTranslation();
  const roleName = useRoleName(roles);
  if (moves.length === 0) return <p>{t("calibration:history.none")}</p>;
  return (
    <ListTable
      caption={t("calibration:history.title")}
      sticky={false}
      columns={[
        t("calibration:history.when"),
        t("calibration:history.from"),
        t("calibration:history.to"),
        t("calibration:history.by"),
        t("calibration:history.reason"),
      ]}
    >
      {moves.map((m) => (
        <tr key={m.id} className="border-b align-top last:border-0">
          <td className="p-2 whitespace-nowrap">{formatDateTime(m.at)}</td>
          <td className="p-2">{roleName(m.fromRole)}</td>
          <td className="p-2">{roleName(m.toRole)}</td>
          <td className="p-2">{m.movedBy ?? t("calibration:history.unknownMover")}</td>
          <td className="p-2 whitespace-pre-line">{m.reason}</td>
        </tr>
      ))}
    </ListTable>
  );
}
