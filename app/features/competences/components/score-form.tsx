import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/forms";
import { competenceLevels, type GapStatus } from "../levels";

/** Save or remove, named for screen readers after the competence (`competences:scores.${text}One`). */
function ScoreButton({
  intent,
  text,
  competenceName,
}: {
  intent: "score" | "remove";
  text: "save" | "remove";
  competenceName: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="underline"
      aria-label={t(`competences:scores.${text}One`, { name: competenceName })}
    >
      {t(`competences:scores.${text}`)}
    </button>
  );
}

/** The actual level of one competence: a select and save, and remove when the current score is one's own. */
export function ScoreForm({
  competenceId,
  competenceName,
  actual,
  givenByMe,
  failed,
}: {
  competenceId: string;
  competenceName: string;
  actual: number | null;
  givenByMe: boolean;
  failed: { level: string; errorKey: string } | null;
}) {
  const { t } = useTranslation();
  const label = t("competences:scores.levelOf", { name: competenceName });
  const errorId = `score-error-${competenceId}`;
  return (
    <div>
      <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="competenceId" value={competenceId} />
        <select
          name="level"
          aria-label={label}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? errorId : undefined}
          defaultValue={failed?.level || (actual?.toString() ?? "")}
          className="rounded border border-gray-400 bg-white px-2 py-1"
        >
          <option value="">–</option>
          {competenceLevels.map((level) => (
            <option key={level} value={level}>
              {level} {t(`competences:levels.${level}`)}
            </option>
          ))}
        </select>
        <ScoreButton intent="score" text="save" competenceName={competenceName} />
        {actual !== null && givenByMe ? (
          <ScoreButton intent="remove" text="remove" competenceName={competenceName} />
        ) : null}
      </Form>
      {failed ? <ErrorList id={errorId} errors={[failed.errorKey]} label={label} /> : null}
    </div>
  );
}

/** The gap as text (never colour alone): "−2 (below)", "0 (meets)", "+1 (above)"; statusLabel is the status translated. */
export function gapText(gap: number | null, statusLabel: string) {
  if (gap === null) return statusLabel;
  return `${gap > 0 ? `+${gap}` : gap === 0 ? "0" : `−${-gap}`} (${statusLabel})`;
}

/** A gap below the required level stands out (besides the text). */
export const gapClass = (status: GapStatus) => (status === "below" ? "font-medium text-danger" : undefined);

/** The gap as text (never colour alone): "−2 (below)", "0 (meets)", "+1 (above)". */
export function GapText({ gap, status }: { gap: number | null; status: GapStatus }) {
  const { t } = useTranslation();
  return (
    <span className={gap === null ? undefined : gapClass(status)}>{gapText(gap, t(`competences:gap.${status}`))}</span>
  );
}
