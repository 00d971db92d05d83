import { actionFailed, type ActionKind } from "./action-failed";
import { errorKeyWithValues, readErrorKey } from "./error-key";
import { logger } from "./logger.server";
import type { MissingItem } from "./not-found";
import type { Failure } from "./results.server";
import { redirectWithToast } from "./toast.server";

/** Why a write failed, as an HTTP status: the data refused it (409) or the write could not be done now (503). */
export type WriteFailedStatus = 409 | 503;

/**
 * PostgreSQL's answer names the cause: an integrity constraint (class 23), a lost race (class 40: serialization,
 * deadlock), a lock not had (55P03) or a trigger's refusal (P0001) is a conflict with the data as it is now: 409.
 * Anything else (a dropped connection, a fault nobody foresaw) is 503: the change was not made, try again. Never
 * a 500: the form comes back with what was typed either way (decision 1840).
 */
export function writeFailedStatus(error: unknown): WriteFailedStatus {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === "string" ? e.code : typeof e?.cause?.code === "string" ? e.cause.code : "";
  return /^(23|40)/.test(code) || code === "55P03" || code === "P0001" ? 409 : 503;
}

/**
 * A failed write's mark on a service's own refusal (a `code: "failed"` of a create done in one transaction): its
 * 409/503 and `writeFailed`, so a form's `refusalStatus` answers with that status, not its 400 (decision 1840).
 */
export function writeFailedMark(error: unknown): { status: WriteFailedStatus; writeFailed: true } {
  return { status: writeFailedStatus(error), writeFailed: true };
}

/** A create service's answer when its one transaction failed past its checks: no field, `failed`, 409/503 (1840). */
export type CreateFailed = { ok: false; field: null; code: "failed"; status: WriteFailedStatus; writeFailed: true };

/** A refusal found inside a create's transaction: thrown so that nothing is written, answered as it is. */
export class RefusedInTransaction<R> extends Error {
  constructor(readonly result: R) {
    super("refused inside the transaction");
  }
}

/**
 * The one way a create service (a review round, a self or peer review) runs its transaction: its own answer, a
 * `RefusedInTransaction`'s result (rolled back; it must be one of the service's answers, `T`), or — the write
 * failed past its checks — logged under `what` and answered as `CreateFailed`, never a 500. A thrown Response (a
 * guard, a 404) passes on as it is.
 */
export async function createOrFailed<T>(what: string, create: () => Promise<T>): Promise<T | CreateFailed> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof RefusedInTransaction) return error.result as T;
    if (error instanceof Response) throw error;
    logger.error({ err: error }, `[${what}] the write failed`);
    return { ok: false, field: null, code: "failed", ...writeFailedMark(error) };
  }
}

/**
 * Runs a write whose checks are done: a failure nobody foresaw (a constraint, a lost race, a refusing trigger) is
 * logged and answered with the spec's generic error naming the item (`actionFailed`), never a 500. A thrown
 * Response (a 404 of `notFound`, a guard) passes on as it is (decision 1703).
 */
export async function attemptWrite<T>(
  kind: ActionKind,
  item: MissingItem,
  write: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; toast: ReturnType<typeof actionFailed>; status: WriteFailedStatus }> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, kind, item }, "[write] a write failed");
    return { ok: false, toast: actionFailed(kind, item), status: writeFailedStatus(error) };
  }
}

/**
 * A failed write as a form's refusal: no field, the message above the form, and its status (1840). `writeFailed`
 * tells it from a service's own refusal, whose `status` (some carry 422 for the API) a form does not answer with.
 */
export type WriteFailure = Failure & { status: WriteFailedStatus; writeFailed: true };

/**
 * The one way a form's action writes (decision 1840): the service's own answer (a `Result`), or — the write
 * failed past its checks — a `WriteFailure` that the action's existing `refusal(submission, result)` answers with
 * conform's reply: the same form, what was typed in it, "Team niet gewijzigd. Je wijzigingen zijn niet
 * opgeslagen." above it, status 409/503. With and without JavaScript alike; nothing typed is lost.
 */
export async function writeOrRefuse<T extends { ok: boolean }>(
  kind: ActionKind,
  item: MissingItem,
  write: () => Promise<T>,
): Promise<T | WriteFailure> {
  const attempt = await attemptWrite(kind, item, write);
  if (attempt.ok) return attempt.value;
  const { key, values } = attempt.toast;
  return { ok: false, field: "", errorKey: errorKeyWithValues(key, values), status: attempt.status, writeFailed: true };
}

/** A failed write's message in the reader's words, for an answer that is not a form (an auto-save's JSON). */
export function failedWriteMessage(t: (key: string, values?: Record<string, string>) => string, failure: WriteFailure) {
  const { key, values } = readErrorKey(failure.errorKey);
  return t(key, values);
}

/**
 * `attemptWrite` for a post that carries nothing typed (a button, a confirmation): the write's value, or (failed)
 * a thrown redirect to `to` (a path, or the request: back to the page that posted) carrying the `actionFailed`
 * toast (decision 1703). A form with typed input uses `writeOrRefuse` instead (1840).
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
