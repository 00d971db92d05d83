import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { taskOperations } from "~/features/api/schemas/tasks";
import { apiTaskAnswer, taskProblem, toApiTask } from "~/features/tasks/task-api.server";
import { taskApiSchema } from "~/features/tasks/tasks.schema";
import { createTask, listAllTasks, listTasks } from "~/features/tasks/tasks.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed, pageOfList } from "~/utils/api.server";
import { readApiQuery, readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7 GET api/tasks: the caller's own tasks and notes (any signed-in user, as the pages). Without
 * ?tab= every one they may see, archived included; ?tab=inbox|received|send|notes|archive (and ?done=1)
 * gives a tab as the page shows it. Paged (API_LIST_PAGE, decision 1750); `done` is 0/1 (1751).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUserForApi(request);
  const { tab, done, ...paging } = readApiQuery(request, taskOperations.listTasks.query);
  const all = !ctx.membershipId
    ? []
    : tab
      ? await listTasks(ctx, tab, { showDone: done === "1" })
      : await listAllTasks(ctx);
  const { rows, ...page } = pageOfList(all, paging);
  return Response.json({ tasks: rows.map(toApiTask), ...page });
}

/** POST api/tasks: a new task (type "task", receiver myself or a colleague of this cluster) or note. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireUserForApi(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return answerJson(async () => {
    const body = await readJsonBody(request, taskApiSchema);
    const result = await createTask(ctx, body.type, body);
    if (!result.ok) return taskProblem(request, result);
    return apiTaskAnswer(ctx, result.id, { status: 201 });
  });
}
