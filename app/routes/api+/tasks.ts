import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { API_LIST_PAGE } from "~/features/api/operation";
import { apiTaskAnswer, taskProblem, toApiTask } from "~/features/tasks/task-api.server";
import { isTaskTab, taskApiSchema } from "~/features/tasks/tasks.schema";
import { createTask, listAllTasks, listTasks } from "~/features/tasks/tasks.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, jsonError, methodNotAllowed, pageOfList, parseApiPaging } from "~/utils/api.server";
import { readJsonBody } from "~/utils/json-body.server";

/**
 * Spec §7 GET api/tasks: the caller's own tasks and notes (any signed-in user, as the pages). Without
 * ?tab= every one they may see, archived included; ?tab=inbox|received|send|notes|archive (and ?done=1)
 * gives a tab as the page shows it. Paged (API_LIST_PAGE, decision 1750); `done` is 0/1 (1751).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireUserForApi(request);
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  if (tab !== null && !isTaskTab(tab))
    return jsonError(400, "invalidTab", "Use ?tab=inbox, received, send, notes or archive.");
  const paging = parseApiPaging(url, { pageSize: API_LIST_PAGE.fallback, maxPageSize: API_LIST_PAGE.max });
  const all = !ctx.membershipId
    ? []
    : tab
      ? await listTasks(ctx, tab, { showDone: url.searchParams.get("done") === "1" })
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
