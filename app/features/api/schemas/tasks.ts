import * as z from "zod";
import { taskApiSchema, taskTabs } from "~/features/tasks/tasks.schema";
import { API_LIST_PAGE, apiOperation, flag01, id, isoDateTime, pagedFields, pagingQuery } from "../operation";

/**
 * The task calls of spec §7 (api/tasks, api/task/{id}, …/done, …/seen) as zod schemas (docs/decisions/1650,
 * 1751). Client-safe.
 */

const personRefSchema = z.object({ id: id(), name: z.string() });

/** Spec §3 "Task and note", with the spec's own names (userId, recipientId, reviewableId) beside the pages' ones. */
export const apiTaskSchema = z.object({
  id: id(),
  type: z.enum(["task", "note"]),
  title: z.string(),
  description: z.string(),
  /** 0/1 as spec §3 gives it (the pages keep a boolean). */
  done: flag01(),
  /** dd-MM-yyyy, "" without a due date. */
  dueDate: z.string(),
  overdue: z.boolean(),
  seen: z.boolean(),
  seenAt: isoDateTime().nullable(),
  archived: z.boolean(),
  sender: personRefSchema,
  receiver: personRefSchema,
  about: z.object({ type: z.enum(["person", "team", "review", "dialog"]), id: id(), name: z.string() }).nullable(),
  /** Spec §3: the sender's, the receiver's and the subject's ids (membership ids; reviewableId null without a subject). */
  userId: id(),
  recipientId: id(),
  reviewableId: id().nullable(),
  createdAt: isoDateTime(),
  /** What the caller may do with it. */
  may: z.object({
    view: z.boolean(),
    edit: z.boolean(),
    delete: z.boolean(),
    done: z.boolean(),
    seen: z.boolean(),
    archive: z.boolean(),
  }),
});

const oneTask = z.object({ task: apiTaskSchema });
const taskRefusal = "The caller is not the one who may do this (spec §8 task errors, in their language).";

export const taskOperations = {
  listTasks: apiOperation({
    operationId: "listTasks",
    method: "get",
    path: "/api/tasks",
    tag: "Tasks",
    summary: "The caller's tasks and notes, paged",
    description: "Without `tab` every task and note the caller may see, archived ones included.",
    access: "signed-in",
    query: z.object({
      tab: z.enum(taskTabs).optional(),
      done: z.enum(["0", "1"]).optional().meta({ description: "With inbox or received: 1 adds done tasks." }),
      ...pagingQuery(API_LIST_PAGE.max, API_LIST_PAGE.fallback),
    }),
    responses: {
      200: { description: "One page of tasks.", schema: z.object({ tasks: z.array(apiTaskSchema), ...pagedFields }) },
    },
  }),
  createTask: apiOperation({
    operationId: "createTask",
    method: "post",
    path: "/api/tasks",
    tag: "Tasks",
    summary: "A new task (for the caller or a colleague) or a private note",
    access: "signed-in",
    body: taskApiSchema,
    responses: { 201: { description: "Created.", schema: oneTask } },
  }),
  getTask: apiOperation({
    operationId: "getTask",
    method: "get",
    path: "/api/task/{id}",
    tag: "Tasks",
    summary: "A task the caller sent or received, or their own note",
    access: "signed-in",
    responses: { 200: { description: "The task.", schema: oneTask } },
  }),
  updateTask: apiOperation({
    operationId: "updateTask",
    method: "put",
    path: "/api/tasks/{id}",
    tag: "Tasks",
    summary: "Changes a task (its sender) or a note (its author)",
    access: "signed-in",
    body: taskApiSchema,
    extraErrors: { 403: taskRefusal },
    responses: { 200: { description: "The changed task.", schema: oneTask } },
  }),
  deleteTask: apiOperation({
    operationId: "deleteTask",
    method: "delete",
    path: "/api/tasks/{id}",
    tag: "Tasks",
    summary: "Removes a task (its sender) or a note (its author)",
    access: "signed-in",
    extraErrors: { 403: taskRefusal },
    responses: { 204: { description: "Removed." } },
  }),
  toggleTaskDone: apiOperation({
    operationId: "toggleTaskDone",
    method: "put",
    path: "/api/tasks/{id}/done",
    tag: "Tasks",
    summary: "Toggles done (the receiver)",
    access: "signed-in",
    extraErrors: { 403: taskRefusal },
    responses: { 200: { description: "The task.", schema: oneTask } },
  }),
  markTaskSeen: apiOperation({
    operationId: "markTaskSeen",
    method: "put",
    path: "/api/tasks/{id}/seen",
    tag: "Tasks",
    summary: "Marks a task seen (the receiver)",
    access: "signed-in",
    extraErrors: { 403: taskRefusal },
    responses: { 200: { description: "The task.", schema: oneTask } },
  }),
};
