import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import type { TenantContext } from "~/utils/tenant.server";
import { getTask, type TaskResult, type TaskView } from "./tasks.server";

/**
 * A refused or invalid task call as JSON (spec §7/§8), in the caller's language: 422 with the field and
 * its message for bad input, 403 with the spec's task error for a call this user may not make. (A task
 * they cannot see never gets here: the service answers 404 first.)
 */
export async function taskProblem(request: Request, result: Extract<TaskResult, { ok: false }>): Promise<Response> {
  const t = await getServerT(request);
  const message = t(result.errorKey);
  if (result.field) {
    return jsonError(422, "invalid", `${result.field}: ${message}`, { issues: [{ path: result.field, message }] });
  }
  return jsonError(result.status, "forbidden", message);
}

/**
 * A task as the API answers it (spec §3, decision 1751): `done` as 0/1 and the spec's userId, recipientId and
 * reviewableId beside the pages' sender, receiver and about, which stay.
 */
export function toApiTask(task: TaskView) {
  return {
    ...task,
    done: task.done ? (1 as const) : (0 as const),
    userId: task.sender.id,
    recipientId: task.receiver.id,
    reviewableId: task.about?.id ?? null,
  };
}

/** `{ task }` of the API for a task the caller sees. */
export async function apiTaskAnswer(ctx: TenantContext, id: string, init?: ResponseInit): Promise<Response> {
  return Response.json({ task: toApiTask(await getTask(ctx, id)) }, init);
}

/** A task's PUT-only address (spec §7 `api/tasks/{id}/done`, `…/seen`): anything but PUT is 405. */
export async function taskPutLoader({ request }: LoaderFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["PUT"]);
}

/** PUT without a payload: `change` the task the caller sees (404 otherwise), answer the task or the refusal. */
export async function taskPutAction(
  { request, params }: ActionFunctionArgs,
  change: (ctx: TenantContext, task: Awaited<ReturnType<typeof getTask>>) => Promise<TaskResult>,
) {
  const ctx = await requireUserForApi(request);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return answerJson(async () => {
    const task = await getTask(ctx, params.id ?? "");
    const result = await change(ctx, task);
    if (!result.ok) return taskProblem(request, result);
    return apiTaskAnswer(ctx, task.id);
  });
}
