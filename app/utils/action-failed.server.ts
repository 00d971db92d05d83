import { actionFailed, type ActionKind } from "./action-failed";
import { logger } from "./logger.server";
import type { MissingItem } from "./not-found";

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
