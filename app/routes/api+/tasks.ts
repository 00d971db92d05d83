import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { taskProblem } from "~/features/tasks/task-api.server";
import { isTaskTab, taskApiSchema } from "~/features/tasks/tasks.schema";
import { createTask, getTask, listAllTasks, listTasks } from "~/features/tasks/tasks.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7 GET api/tasks: the caller's own tasks and notes (any signed-in user, as the pages). Without
 * ?tab= every one they may see, archived included; ?tab=inbox|received|send|notes|archive (and ?done=1)
 * gives a tab as the page shows it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUserForApi(request);
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  if (tab !== null && !isTaskTab(tab))
    return jsonError(400, "invalidTab", "Use ?tab=inbox, received, send, notes or archive.");
  if (!ctx.membershipId) return Response.json({ tasks: [] });
  const tasks = tab
    ? await listTasks(ctx, tab, { showDone: url.searchParams.get("done") === "1" })
    : await listAllTasks(ctx);
  return Response.json({ tasks });
}

/** POST api/tasks: a new task (type "task", receiver myself or a colleague of this cluster) or note. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireUserForApi(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return answerJson(async () => {
    const body = await readJsonBody(request, taskApiSchema);
    const result = await createTask(ctx, body.type, body);
    if (!result.ok) return taskProblem(request, result);
    return Response.json({ task: await getTask(ctx, result.id) }, { status: 201 });
  });
}
