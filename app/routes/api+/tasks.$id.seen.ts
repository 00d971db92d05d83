import type { ActionFunctionArgs } from "@remix-run/node";
import { taskPutAction, taskPutLoader } from "~/features/tasks/task-api.server";
import { taskErrors } from "~/features/tasks/tasks.schema";
import { markTaskSeen } from "~/features/tasks/tasks.server";

// Both answer only a signed-in caller: taskPutLoader and taskPutAction start with requireUserForApi(request).
export const loader = taskPutLoader;

/** Spec §7 PUT api/tasks/{id}/seen (no payload): the receiver has seen it. */
export async function action(args: ActionFunctionArgs) {
  return taskPutAction(args, async (ctx, task) => {
    const result = await markTaskSeen(ctx, task.id);
    return result.ok ? result : { ...result, errorKey: taskErrors.seenToggle };
  });
}
