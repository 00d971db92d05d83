import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import { writeOrRefuse } from "~/utils/action-failed.server";
import { refusalStatus } from "~/utils/refusal.server";
import type { TenantContext } from "~/utils/tenant.server";
import { dialogFormId } from "./dialog-rules";
import {
  addAction,
  addInitiative,
  addInitiativeLink,
  addLearningGoal,
  changeDialogState,
  editInitiative,
  editLearningGoal,
  removeAction,
  removeInitiativeLink,
  setActionCompleted,
  setInitiativeProgress,
  setLearningGoalArchived,
  updateObjective,
  type EditResult,
} from "./dialog-edit.server";
import {
  actionSchema,
  goalSchema,
  initiativeEditSchema,
  initiativeSchema,
  linkSchema,
  objectiveSchema,
  progressSchema,
} from "./dialogs.schema";

/**
 * The forms of the dialog page (dialogs/{id}), told apart by `intent`; the named learning goal,
 * initiative or action comes as goalId / initiativeId / actionId and is checked by the service (404).
 * The answer is either where to go next, or the failed form's conform reply with its id, so that the
 * page shows the messages next to the fields of that one form and keeps what was typed.
 */
export type DialogActionOutcome =
  | { redirect: string; toast: string }
  /** A refused form: conform's reply and its status (400 for a rule, a failed write's 409/503: 1840). */
  | { formId: string; reply: SubmissionResult<string[]>; status: number };

const empty = z.object({});

type Handler = {
  schema: z.ZodType<Record<string, unknown>>;
  target?: "goalId" | "initiativeId" | "actionId" | "linkId";
  run: (ctx: TenantContext, dialogId: string, value: never, target: string) => Promise<EditResult<object>>;
  /** Where to go after success, when not back to the dialog. */
  next?: (dialogId: string, result: EditResult<object>, target: string) => string;
};

const handler = <S extends z.ZodType<Record<string, unknown>>>(h: {
  schema: S;
  run: (ctx: TenantContext, dialogId: string, value: z.output<S>, target: string) => Promise<EditResult<object>>;
  next?: Handler["next"];
}) => h as unknown as Handler;

const askProgress = (dialogId: string, result: EditResult<object>) =>
  `/dialogs/${dialogId}?adjust=${(result as unknown as { initiativeId: string }).initiativeId}#adjust-progress`;

/** The intents about one row of the dialog: the row's id comes as `target` (checked by the service: 404). */
const about = (target: NonNullable<Handler["target"]>, rows: Record<string, Handler>): Record<string, Handler> =>
  Object.fromEntries(Object.entries(rows).map(([intent, h]) => [intent, { ...h, target }]));

const handlers: Record<string, Handler> = {
  objective: handler({ schema: objectiveSchema, run: (c, d, v) => updateObjective(c, d, v.objective) }),
  addGoal: handler({ schema: goalSchema, run: (c, d, v) => addLearningGoal(c, d, v.title) }),
  finish: handler({ schema: empty, run: (c, d) => changeDialogState(c, d, "finish") }),
  archive: handler({ schema: empty, run: (c, d) => changeDialogState(c, d, "archive") }),
  reopen: handler({ schema: empty, run: (c, d) => changeDialogState(c, d, "reopen") }),
  ...about("goalId", {
    editGoal: handler({ schema: goalSchema, run: (c, d, v, g) => editLearningGoal(c, d, g, v.title) }),
    archiveGoal: handler({ schema: empty, run: (c, d, _v, g) => setLearningGoalArchived(c, d, g, true) }),
    restoreGoal: handler({ schema: empty, run: (c, d, _v, g) => setLearningGoalArchived(c, d, g, false) }),
    addInitiative: handler({ schema: initiativeSchema, run: (c, d, v, g) => addInitiative(c, d, g, v.title) }),
  }),
  ...about("initiativeId", {
    editInitiative: handler({ schema: initiativeEditSchema, run: (c, d, v, i) => editInitiative(c, d, i, v) }),
    completeInitiative: handler({ schema: empty, run: (c, d, _v, i) => setInitiativeProgress(c, d, i, 100) }),
    setProgress: handler({ schema: progressSchema, run: (c, d, v, i) => setInitiativeProgress(c, d, i, v.progress) }),
    addLink: handler({ schema: linkSchema, run: (c, d, v, i) => addInitiativeLink(c, d, i, v) }),
    addAction: handler({ schema: actionSchema, run: (c, d, v, i) => addAction(c, d, i, v.title) }),
  }),
  ...about("linkId", {
    removeLink: handler({ schema: empty, run: (c, d, _v, l) => removeInitiativeLink(c, d, l) }),
  }),
  ...about("actionId", {
    removeAction: handler({ schema: empty, run: (c, d, _v, a) => removeAction(c, d, a) }),
    // Completing or reopening an action asks for its initiative's progress next.
    completeAction: handler({
      schema: empty,
      run: (c, d, _v, a) => setActionCompleted(c, d, a, true),
      next: askProgress,
    }),
    reopenAction: handler({
      schema: empty,
      run: (c, d, _v, a) => setActionCompleted(c, d, a, false),
      next: askProgress,
    }),
  }),
};

export async function handleDialogAction(
  ctx: TenantContext,
  dialogId: string,
  formData: FormData,
): Promise<DialogActionOutcome | null> {
  const intent = String(formData.get("intent") ?? "");
  const h = handlers[intent];
  if (!h) return null;
  const target = h.target ? String(formData.get(h.target) ?? "") : "";
  const formId = dialogFormId(intent, target);
  const submission = parseWithZod(formData, { schema: h.schema });
  if (submission.status !== "success") return { formId, reply: submission.reply(), status: 400 };
  // A write that fails past its checks comes back as this form's refusal, with what was typed (1840).
  const result = await writeOrRefuse("save", "dialog", () => h.run(ctx, dialogId, submission.value as never, target));
  if (!result.ok) {
    const reply = result.field
      ? submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } })
      : submission.reply({ formErrors: [result.errorKey] });
    return { formId, reply, status: refusalStatus(result) };
  }
  return { redirect: h.next?.(dialogId, result, target) ?? `/dialogs/${dialogId}`, toast: `dialogs:toast.${intent}` };
}
