import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/ui/checkbox";
import { Button, ErrorList, ErrorSummary, Field, type ListOfErrors } from "~/components/ui/forms";
import { ScoreMatrix } from "~/components/ui/score-matrix";
import { ListTable } from "~/components/ui/table";
import { knowledgeLevels, neededLevels } from "../knowledge-scale";

/**
 * The three steps of the knowledge card setup (spec §2). Each step is a real form that posts to the setup
 * route with its step in a hidden field; after an error the server hands back what was typed (`values`)
 * and the errors by field name (conform's reply), so nothing is lost without JavaScript.
 */

export type SetupReply = {
  errors: Record<string, ListOfErrors>;
  /** What was posted, by field name (a field posted more than once: all its values). */
  values: Record<string, string | string[]>;
};

export const SETUP_PATH = "/knowledge-areas/teams/setup";
const stepUrl = (step: number, teamId?: string) => `${SETUP_PATH}?step=${step}${teamId ? `&team=${teamId}` : ""}`;

function useReply(reply: SetupReply | undefined) {
  const errorsOf = (name: string) => reply?.errors[name] ?? undefined;
  const valueOf = (name: string, saved: string) => {
    if (!reply) return saved;
    const value = reply.values[name];
    return Array.isArray(value) ? value[0] : (value ?? "");
  };
  return { errorsOf, valueOf, posted: Boolean(reply) };
}

/** The hidden fields every step after the first carries: its step and the one team chosen. */
function Hidden({ step, teamId }: { step: number; teamId: string }) {
  return (
    <>
      <input type="hidden" name="step" value={step} />
      <input type="hidden" name="teamIds" value={teamId} />
    </>
  );
}

export function StepHeading({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <>
      <ol className="mt-4 flex flex-wrap gap-4 text-sm" aria-label={t("knowledge-areas:setup.stepsLabel")}>
        {[1, 2, 3].map((s) => (
          <li key={s} aria-current={s === step ? "step" : undefined} className={s === step ? "font-semibold" : ""}>
            {t("knowledge-areas:setup.stepOf", { step: s })}: {t(`knowledge-areas:setup.steps.${s}`)}
          </li>
        ))}
      </ol>
      <h2 className="mt-6 text-xl font-semibold">{t(`knowledge-areas:setup.steps.${step}`)}</h2>
    </>
  );
}

export function ChooseTeamStep({
  teams,
  teamId,
  reply,
}: {
  teams: { id: string; name: string }[];
  teamId: string | null;
  reply?: SetupReply;
}) {
  const { t } = useTranslation();
  const chosen = reply ? [reply.values.teamIds ?? []].flat() : teamId ? [teamId] : [];
  const errors = reply?.errors.teamIds;
  const label = t("knowledge-areas:setup.team");
  return (
    <Form method="post" action={stepUrl(1)} className="mt-4">
      <ErrorSummary fieldErrors={[{ id: "teams-first", label, errors }]} />
      <input type="hidden" name="step" value={1} />
      <fieldset aria-describedby={errors?.length ? "teams-error" : "teams-hint"}>
        <legend className="font-medium">{label}</legend>
        <p id="teams-hint" className="mb-2 text-sm text-ink-muted">
          {t("knowledge-areas:setup.teamHint")}
        </p>
        <ErrorList id="teams-error" errors={errors} />
        {teams.map((team, i) => (
          <CheckboxField
            key={team.id}
            label={team.name}
            inputProps={{
              id: i === 0 ? "teams-first" : `team-${team.id}`,
              name: "teamIds",
              value: team.id,
              defaultChecked: chosen.includes(team.id),
            }}
          />
        ))}
      </fieldset>
      <Button>{t("knowledge-areas:setup.next")}</Button>
    </Form>
  );
}

export function ChooseAreasStep({
  teamId,
  areas,
  needs,
  reply,
}: {
  teamId: string;
  areas: { id: string; name: string; description: string }[];
  needs: Record<string, Record<number, number>>;
  reply?: SetupReply;
}) {
  const { t } = useTranslation();
  const { errorsOf, valueOf, posted } = useReply(reply);
  const levelName = (level: number) => t(`knowledge-areas:levels.${level}`);
  const numberInput = (name: string, saved: number, label: string, hideLabel = false) => (
    <CellField
      name={name}
      label={label}
      hideLabel={hideLabel}
      errors={errorsOf(name)}
      control={(props) => (
        <input
          {...props}
          type="number"
          min={0}
          max={99}
          inputMode="numeric"
          defaultValue={valueOf(name, String(saved))}
          className={`${props.className} w-20`}
        />
      )}
    />
  );
  return (
    <Form method="post" action={stepUrl(2, teamId)} className="mt-4">
      <ErrorSummary formErrors={[...(errorsOf("teamIds") ?? []), ...(errorsOf("areas") ?? [])]} />
      <Hidden step={2} teamId={teamId} />
      <p className="mb-4">{t("knowledge-areas:setup.areasHint")}</p>
      {areas.length > 0 ? (
        <ListTable
          className="mb-6 w-full bg-white text-left shadow-sm"
          sticky={false}
          caption={t("knowledge-areas:setup.steps.2")}
          columns={[
            t("knowledge-areas:setup.area"),
            ...neededLevels.map((level) => ({
              label: t("knowledge-areas:setup.neededAt", { level: levelName(level) }),
            })),
          ]}
        >
          {areas.map((area, i) => {
            const saved = needs[area.id];
            const checked = posted ? Boolean(reply?.values[`areas[${i}].selected`]) : Boolean(saved);
            return (
              <tr key={area.id} className="border-b align-top">
                <td className="p-2">
                  <input type="hidden" name={`areas[${i}].id`} value={area.id} />
                  <CheckboxField
                    label={area.name}
                    inputProps={{ name: `areas[${i}].selected`, value: "on", defaultChecked: checked }}
                  />
                  {area.description ? <p className="text-sm text-ink-muted">{area.description}</p> : null}
                </td>
                {neededLevels.map((level) => (
                  <td key={level} className="p-2">
                    {numberInput(
                      `areas[${i}].needed${level}`,
                      saved?.[level] ?? 0,
                      t("knowledge-areas:setup.neededOf", { area: area.name, level: levelName(level) }),
                      true,
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </ListTable>
      ) : null}
      <fieldset className="mb-6 rounded border border-gray-300 p-4">
        <legend className="px-1 font-medium">{t("knowledge-areas:setup.newArea")}</legend>
        <Field
          label={t("knowledge-areas:setup.newName")}
          errors={errorsOf("newName")}
          inputProps={{ id: "newName", name: "newName", defaultValue: valueOf("newName", ""), maxLength: 100 }}
        />
        <Field
          label={t("knowledge-areas:setup.newDescription")}
          errors={errorsOf("newDescription")}
          textareaProps={{ id: "newDescription", name: "newDescription", defaultValue: valueOf("newDescription", "") }}
        />
        <div className="flex flex-wrap gap-4">
          {neededLevels.map((level) => (
            <div key={level}>
              {numberInput(`newNeeded${level}`, 0, t("knowledge-areas:setup.neededAt", { level: levelName(level) }))}
            </div>
          ))}
        </div>
      </fieldset>
      <StepActions submitLabel={t("knowledge-areas:setup.saveAreas")} backHref={stepUrl(1, teamId)} />
    </Form>
  );
}

/** The end of a later step: save it, or go back to the step before (a plain link). */
function StepActions({ submitLabel, backHref }: { submitLabel: string; backHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-4">
      <Button>{submitLabel}</Button>
      <a href={backHref} className="self-center">
        {t("knowledge-areas:setup.back")}
      </a>
    </div>
  );
}

/** One control in a table cell: its label (visually hidden when the table's headings say it), the control, errors. */
function CellField({
  name,
  label,
  hideLabel = false,
  errors,
  control,
}: {
  name: string;
  label: string;
  hideLabel?: boolean;
  errors?: ListOfErrors;
  control: (props: { id: string; name: string; className: string } & Record<string, unknown>) => ReactNode;
}) {
  const id = name.replace(/[[\].]/g, "-");
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm"}>
        {label}
      </label>
      {control({
        id,
        name,
        "aria-invalid": invalid || undefined,
        "aria-describedby": invalid ? `${id}-error` : undefined,
        className: `mt-1 rounded border bg-white px-2 py-1 ${invalid ? "border-2 border-danger" : "border-gray-400"}`,
      })}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function ScoreMembersStep({
  teamId,
  areas,
  members,
  levels,
  reply,
}: {
  teamId: string;
  areas: { id: string; name: string }[];
  members: { membershipId: string; name: string }[];
  levels: Record<string, number>;
  reply?: SetupReply;
}) {
  const { t } = useTranslation();
  const { errorsOf, valueOf } = useReply(reply);
  const options = knowledgeLevels.map((level) => ({
    value: String(level),
    label: `${level} – ${t(`knowledge-areas:levels.${level}`)}`,
  }));
  const formErrors = Object.entries(reply?.errors ?? {})
    .filter(([name]) => name === "teamIds" || name.endsWith(".level"))
    .flatMap(([, errors]) => errors ?? []);
  return (
    <Form method="post" action={stepUrl(3, teamId)} className="mt-4">
      <ErrorSummary formErrors={[...new Set(formErrors)]} />
      <Hidden step={3} teamId={teamId} />
      <p className="mb-4">{t("knowledge-areas:setup.levelsHint")}</p>
      {members.length === 0 ? (
        <p className="mb-4">{t("knowledge-areas:setup.noMembers")}</p>
      ) : (
        <div className="mb-6 relative overflow-x-auto">
          <ScoreMatrix
            caption={t("knowledge-areas:setup.steps.3")}
            corner={t("knowledge-areas:card.member")}
            columns={areas}
            rows={members.map((member, m) => ({ ...member, m }))}
            rowKey={(member) => member.membershipId}
            rowClassName="border-b align-top"
            rowHeaderClassName="p-2 font-normal"
            rowHeader={(member) => member.name}
            cell={(member, area, a) => {
              const index = member.m * areas.length + a;
              const name = `levels[${index}].level`;
              const saved = String(levels[`${member.membershipId}:${area.id}`] ?? 0);
              return (
                <>
                  <input type="hidden" name={`levels[${index}].membershipId`} value={member.membershipId} />
                  <input type="hidden" name={`levels[${index}].areaId`} value={area.id} />
                  <CellField
                    name={name}
                    hideLabel
                    label={t("knowledge-areas:setup.levelOf", { name: member.name, area: area.name })}
                    errors={errorsOf(name)}
                    control={(props) => (
                      <select {...props} defaultValue={valueOf(name, saved)}>
                        {options.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    )}
                  />
                </>
              );
            }}
          />
        </div>
      )}
      <StepActions submitLabel={t("knowledge-areas:setup.saveLevels")} backHref={stepUrl(2, teamId)} />
    </Form>
  );
}
