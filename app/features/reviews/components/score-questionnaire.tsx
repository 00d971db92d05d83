import { Form, useActionData } from "@remix-run/react";
import { Fragment, useId, useRef, type ChangeEvent, type ReactNode } from "react";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { ScoringModeSwitch, ShowInfoToggle, useViewPreferences } from "~/components/view-preference-controls";
import { ScaleLegend, ScoreToggle } from "~/components/ui/score-toggle";
import { scaleLevels, type Dimension, type LevelName, type ScaleSize } from "~/features/criteria/scales";
import { OFF } from "../evaluation-form";
import { useAutoSave } from "./use-auto-save";

/**
 * The one score form of every review type (team, self, peer; docs/architecture.md "Review family"): per
 * part one score toggle a criterion, grouped by dimension, in one real form that works without JavaScript
 * and auto-saves with it. A type hands its parts (field names, stored values), its free-text fields and
 * its buttons; what was typed and the errors of a refused save come back from the action's reply.
 */

export type QuestionnaireCriterion = {
  criterionId: string;
  dimension: Dimension;
  name: string;
  description: string;
  characteristics: Partial<Record<LevelName, string>>;
};

export type QuestionnaireDimension = { dimension: Dimension; name: string; label: string };

export type ScorePart = {
  /** The form field of a criterion's score (`score.<id>`, `team.<id>`). */
  field: (criterionId: string) => string;
  /** Where the reply's initialValue keeps this part's typed scores ("score", "team"). */
  replyKey: string;
  /** The part's name when a form has several ("team", "own"): prefixes its section and dimension ids. */
  name?: string;
  /** Prefix of the toggle ids, for a part whose criteria appear twice on the page ("team-"). */
  idPrefix?: string;
  /** Stored values by criterion id ("off" | "0".."scale"). */
  values: Record<string, string>;
  /** A heading and hint above the part, when a form has several. */
  heading?: { title: string; hint: string };
};

export type QuestionnaireReply = {
  /** Whether a refused save came back (then `typed` is what was sent; an emptied field is missing). */
  replied: boolean;
  typed: Record<string, unknown>;
  errors: Record<string, string[] | null>;
};

type Reply = { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };

export function ScoreQuestionnaire(props: {
  action: string;
  /** Sent as `subjectId`: whose answers these are (the auto-save hook sends it along). */
  subjectId: string;
  scale: ScaleSize;
  readOnly: boolean;
  dimensions: QuestionnaireDimension[];
  criteria: QuestionnaireCriterion[];
  parts: ScorePart[];
  /** The level of the dimension headings (h2 when the part has no heading of its own). */
  dimensionHeading: "h2" | "h3";
  /** Shown in a dimension without criteria; without it such a dimension is left out. */
  noCriteria?: string;
  /** Shows the scale's legend above the form. */
  legend?: boolean;
  /** Only a reply about this subject is this form's (several members on one page). */
  replyFor?: string;
  /** Free-text fields after the scores, with their stored values for the auto-save. */
  texts?: { values: Record<string, string>; render: (reply: QuestionnaireReply) => ReactNode };
  /** Error summary entries of the free-text fields. */
  textErrors?: (errors: QuestionnaireReply["errors"]) => { id: string; label: string; errors: string[] }[];
  buttons: { value: string; label: string }[];
}) {
  const { criteria, dimensions, parts, readOnly } = props;
  const actionData = useActionData() as Reply | undefined;
  const reply =
    props.replyFor === undefined || actionData?.initialValue?.subjectId === props.replyFor ? actionData : undefined;
  const typed = reply?.initialValue ?? {};
  const errors = reply?.error ?? {};
  const autoSave = useAutoSave(readOnly, {
    ...Object.fromEntries(
      parts.flatMap((part) => Object.entries(part.values).map(([id, v]) => [part.field(id), v] as const)),
    ),
    ...props.texts?.values,
  });
  const levels = scaleLevels(props.scale);
  const view = useViewPreferences();
  // What was chosen since the page loaded: the scoring-mode switch renders the fields anew from it (1711).
  const chosen = useRef<Record<string, string>>({});
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const field = event.target as unknown as HTMLInputElement | HTMLSelectElement;
    if (field.name) chosen.current[field.name] = field.value;
    autoSave.onChange();
  };
  const summaryErrors = [
    ...criteria.flatMap((c) =>
      parts.flatMap((part) => {
        const fieldErrors = errors[part.field(c.criterionId)];
        return fieldErrors?.length
          ? [{ id: `score-${part.idPrefix ?? ""}${c.criterionId}`, label: c.name, errors: fieldErrors }]
          : [];
      }),
    ),
    ...(props.textErrors?.(errors) ?? []),
  ];
  const Heading = props.dimensionHeading;
  // Without JavaScript the view controls submit this form: what was typed is saved before the view changes (1880).
  const formId = useId();

  const scores = (part: ScorePart) => {
    const typedScores = (typed[part.replyKey] ?? {}) as Record<string, string>;
    const prefix = part.idPrefix ?? "";
    const headingId = (d: Dimension) => `${part.name ? `${part.name}-` : ""}dimension-${d}`;
    return dimensions.map((d) => {
      const inDimension = criteria.filter((c) => c.dimension === d.dimension);
      if (inDimension.length === 0 && props.noCriteria === undefined) return null;
      return (
        <section key={d.dimension} aria-labelledby={headingId(d.dimension)} className="mb-6">
          <Heading id={headingId(d.dimension)} className="text-lg">
            {d.name}
          </Heading>
          <p className="mb-2 text-sm text-ink-muted">{d.label}</p>
          {inDimension.length === 0 ? <p>{props.noCriteria}</p> : null}
          {inDimension.map((c) => (
            <ScoreToggle
              key={part.field(c.criterionId)}
              criterion={prefix ? { ...c, criterionId: `${prefix}${c.criterionId}` } : c}
              levels={levels}
              name={part.field(c.criterionId)}
              defaultValue={
                chosen.current[part.field(c.criterionId)] ??
                typedScores[c.criterionId] ??
                part.values[c.criterionId] ??
                OFF
              }
              disabled={readOnly}
              errors={errors[part.field(c.criterionId)]}
              mode={view.scoring}
              showInfo={view.info === "shown"}
            />
          ))}
        </section>
      );
    });
  };

  return (
    <>
      {props.legend ? <ScaleLegend levels={levels} /> : null}
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2">
        <ShowInfoToggle formId={readOnly ? undefined : formId} />
        {readOnly ? null : <ScoringModeSwitch formId={formId} />}
      </div>
      <div className="mt-4">
        <ErrorSummary formErrors={errors[""]} fieldErrors={summaryErrors} />
      </div>
      <Form
        id={formId}
        method="post"
        action={props.action}
        ref={autoSave.formRef}
        onChange={onChange}
        onSubmit={autoSave.onSubmit}
        data-unsaved-guard="off"
        className="rounded bg-white p-4 shadow-sm"
      >
        <input type="hidden" name="subjectId" value={props.subjectId} />
        {parts.map((part, i) =>
          part.heading ? (
            <section
              key={part.replyKey}
              aria-labelledby={`${part.name}-part`}
              className={i === parts.length - 1 ? "mb-6" : "mb-8"}
            >
              <h2 id={`${part.name}-part`} className="text-xl">
                {part.heading.title}
              </h2>
              <p className="mb-4">{part.heading.hint}</p>
              {scores(part)}
            </section>
          ) : (
            <Fragment key={part.replyKey}>{scores(part)}</Fragment>
          ),
        )}
        {props.texts?.render({ replied: Boolean(reply?.initialValue), typed, errors })}
        <p role="status" aria-live="polite" className={`mb-3 min-h-6 ${autoSave.error ? "text-danger" : ""}`}>
          {autoSave.status}
        </p>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3">
            {props.buttons.map((b, i) => (
              <Button key={b.value} name="intent" value={b.value} variant={i === 0 ? undefined : "secondary"}>
                {b.label}
              </Button>
            ))}
          </div>
        )}
      </Form>
    </>
  );
}
