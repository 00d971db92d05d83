import { actionFailed, type ActionKind } from "./action-failed";
import { logger } from "./logger.server";
import type { MissingItem } from "./not-found";
import { redirectWithToast } from "./toast.server";

/**
 * Runs a write whose checks are done: a failure nobody foresaw (a constraint, a lost race, a refusing trigger) is
 * logged and answered with the spec's generic error naming the item (`actionFailed`), never a 500. A thrown
 * Response (a 404 of `notFound`, a guard) passes on as it is (decision 1703).
 */
export async function attemptWrite<T>(
  kind: ActionKind,
  item: MissingItem,
  write: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; toast: ReturnType<typeof actionFailed> }> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, kind, item }, "[write] a write failed");
    return { ok: false, toast: actionFailed(kind, item) };
  }
}

/**
 * `attemptWrite` for an action that answers with a redirect: the write's value, or (failed) a thrown redirect to
 * `to` (a path, or the request: back to the page that posted) carrying the `actionFailed` toast — one line around
 * an action's service call (decision 1703).
 */
export async function writeOrRedirect<T>(
  kind: ActionKind,
  item: MissingItem,
  to: string | Request,
  write: () => Promise<T>,
): Promise<T> {
  const attempt = await attemptWrite(kind, item, write);
  if (attempt.ok) return attempt.value;
  const back = typeof to === "string" ? to : new URL(to.url);
  throw await redirectWithToast(typeof back === "string" ? back : back.pathname + back.search, attempt.toast);
}
