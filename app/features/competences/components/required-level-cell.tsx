import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/forms";
import { competenceLevels } from "../levels";

export type MatrixCell = {
  competenceId: string;
  level: number | null;
  own: number | null;
  inheritedFrom: string | null;
};
export type FailedCell = { cell: { positionId: string; competenceId: string }; level: string; errorKey: string };

/**
 * One matrix cell: the required level of a competence for a position. With competences.manage a small
 * form (a select and save; "–" removes the position's own level) that works without JavaScript; else text.
 * An inherited level is named with the position it comes from.
 */
export function RequiredLevelCell({
  positionId,
  positionName,
  competenceName,
  cell,
  canManage,
  failed,
}: {
  positionId: string;
  positionName: string;
  competenceName: string;
  cell: MatrixCell;
  canManage: boolean;
  failed: FailedCell | null | undefined;
}) {
  const { t } = useTranslation();
  const error =
    failed?.cell.positionId === positionId && failed.cell.competenceId === cell.competenceId ? failed.errorKey : null;
  const label = t("competences:matrix.cellLabel", { competence: competenceName, position: positionName });
  const inherited = cell.inheritedFrom ? (
    <span className="block text-xs text-ink-muted">
      {t("competences:matrix.inherited", { level: cell.level, name: cell.inheritedFrom })}
    </span>
  ) : null;
  if (!canManage) {
    return (
      <>
        {cell.level ? `${cell.level} ${t(`competences:levels.${cell.level}`)}` : "–"}
        {inherited}
      </>
    );
  }
  const errorId = `err-${positionId}-${cell.competenceId}`;
  return (
    <>
      <Form method="post" preventScrollReset className="flex items-center gap-1">
        <input type="hidden" name="positionId" value={positionId} />
        <input type="hidden" name="competenceId" value={cell.competenceId} />
        <select
          name="level"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          defaultValue={error ? failed!.level : (cell.own?.toString() ?? "")}
          className="rounded border border-gray-400 bg-white px-1 py-1 text-sm"
        >
          <option value="">–</option>
          {competenceLevels.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
        <button type="submit" className="text-sm underline" aria-label={t("competences:matrix.saveCell", { label })}>
          {t("competences:matrix.save")}
        </button>
      </Form>
      {inherited}
      {error ? <ErrorList id={errorId} errors={[error]} label={label} /> : null}
    </>
  );
}
