import type { ActionFunctionArgs } from "@remix-run/node";
import { taskPutAction, taskPutLoader } from "~/features/tasks/task-api.server";
import { setTaskDone } from "~/features/tasks/tasks.server";

// Both answer only a signed-in caller: taskPutLoader and taskPutAction start with requireUserForApi(request).
export const loader = taskPutLoader;

/** Spec §7 PUT api/tasks/{id}/done (no payload): toggles done; the receiver's call. */
export async function action(args: ActionFunctionArgs) {
  return taskPutAction(args, (ctx, task) => setTaskDone(ctx, task.id, !task.done));
}
