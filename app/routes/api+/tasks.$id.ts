import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiTaskAnswer, taskProblem } from "~/features/tasks/task-api.server";
import { taskApiSchema } from "~/features/tasks/tasks.schema";
import { deleteTask, getTask, updateTask } from "~/features/tasks/tasks.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/** One task is read at api/task/{id} (spec §7); this address changes and deletes it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["PUT", "DELETE"]);
}

/** PUT api/tasks/{id} (task data; the sender's, or a note's author's) and DELETE api/tasks/{id}. */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireUserForApi(request);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  return answerJson(async () => {
    const id = params.id ?? "";
    // Scope first: a task the caller cannot see is a 404 whatever the body holds.
    await getTask(ctx, id);
    if (request.method === "DELETE") {
      const result = await deleteTask(ctx, id);
      if (!result.ok) return taskProblem(request, result);
      return new Response(null, { status: 204 });
    }
    const body = await readJsonBody(request, taskApiSchema);
    const result = await updateTask(ctx, id, body);
    if (!result.ok) return taskProblem(request, result);
    return apiTaskAnswer(ctx, id);
  });
}
