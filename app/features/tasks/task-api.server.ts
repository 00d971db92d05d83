import { jsonError } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import type { TaskResult } from "./tasks.server";

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
