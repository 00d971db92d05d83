import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { taskProblem } from "~/features/tasks/task-api.server";
import { taskErrors } from "~/features/tasks/tasks.schema";
import { getTask, markTaskSeen } from "~/features/tasks/tasks.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["PUT"]);
}

/** Spec §7 PUT api/tasks/{id}/seen (no payload): the receiver has seen it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireUserForApi(request);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return answerJson(async () => {
    const task = await getTask(ctx, params.id ?? "");
    const result = await markTaskSeen(ctx, task.id);
    if (!result.ok) return taskProblem(request, { ...result, errorKey: taskErrors.seenToggle });
    return Response.json({ task: await getTask(ctx, task.id) });
  });
}
