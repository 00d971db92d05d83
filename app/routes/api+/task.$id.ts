import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiTaskAnswer } from "~/features/tasks/task-api.server";
import { requireUserForApi } from "~/utils/api-guard.server";
import { answerJson, methodNotAllowed } from "~/utils/api.server";

/** Spec §7 GET api/task/{id}: a task of which the caller is sender or receiver, or their own note; else 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUserForApi(request);
  return answerJson(async () => apiTaskAnswer(ctx, params.id ?? ""));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUserForApi(request);
  return methodNotAllowed(["GET"]);
}
