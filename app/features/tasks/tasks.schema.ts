import * as z from "zod";
import { lineText, multilineText } from "~/utils/text-schema";
import { isValidDateText } from "~/features/employees/employees.schema";

/** The tabs of tasks/{tab} (spec §2), in the order shown. */
export const taskTabs = ["inbox", "received", "send", "notes", "archive"] as const;
export type TaskTab = (typeof taskTabs)[number];

export function isTaskTab(value: unknown): value is TaskTab {
  return typeof value === "string" && (taskTabs as readonly string[]).includes(value);
}

export const taskAboutTypes = ["person", "team", "review", "dialog"] as const;

/**
 * The spec's task errors (§8), word for word in Dutch, as i18n keys: which refusal shows which one is
 * docs/decisions/0900-tasks-and-notes.md.
 */
export const taskErrors = {
  save: "tasks:errors.save",
  archive: "tasks:errors.archive",
  seen: "tasks:errors.seen",
  done: "tasks:errors.done",
  delete: "tasks:errors.delete",
  seenToggle: "tasks:errors.seenToggle",
} as const;

const titleField = lineText({ error: "tasks:form.titleRequired" })
  .trim()
  .min(1, { error: "tasks:form.titleRequired" })
  .max(200, { error: "validation:maxLength" });
const descriptionField = multilineText().trim().max(5000, { error: "validation:maxLength" }).optional().default("");
const dueDateField = lineText()
  .trim()
  .optional()
  .default("")
  .refine((v) => v === "" || isValidDateText(v), { error: "validation:date" });

/**
 * The task and note form (create and edit). A note has no receiver; a task's receiver is a membership of
 * the current cluster, checked by the service ("unknown receiver" is a field error there).
 */
export const taskFormSchema = z.object({
  title: titleField,
  description: descriptionField,
  dueDate: dueDateField,
  receiverId: lineText().trim().optional().default(""),
  aboutType: z
    .enum([...taskAboutTypes, ""])
    .optional()
    .default(""),
  aboutId: lineText().trim().optional().default(""),
});
export type TaskFormInput = z.infer<typeof taskFormSchema>;

/** The JSON API's task data (spec §7 "task data"): the form's fields, with the type. */
export const taskApiSchema = z.object({
  type: z.enum(["task", "note"]).optional().default("task"),
  title: titleField,
  description: lineText()
    .trim()
    .max(5000, { error: "validation:maxLength" })
    .nullish()
    .transform((v) => v ?? ""),
  dueDate: lineText()
    .trim()
    .nullish()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || isValidDateText(v), { error: "validation:date" }),
  receiverId: lineText()
    .trim()
    .nullish()
    .transform((v) => v ?? ""),
  aboutType: z.enum(taskAboutTypes).nullish(),
  aboutId: lineText().trim().nullish(),
});
export type TaskApiInput = z.infer<typeof taskApiSchema>;
