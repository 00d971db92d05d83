import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { taskProblem } from "~/features/tasks/task-api.server";
import { getTask, setTaskDone } from "~/features/tasks/tasks.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["PUT"]);
}

/** Spec §7 PUT api/tasks/{id}/done (no payload): toggles done; the receiver's call. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireUserForApi(request);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return answerJson(async () => {
    const task = await getTask(ctx, params.id ?? "");
    const result = await setTaskDone(ctx, task.id, !task.done);
    if (!result.ok) return taskProblem(request, result);
    return Response.json({ task: await getTask(ctx, task.id) });
  });
}
