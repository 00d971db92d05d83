import { data } from "@remix-run/node";

/**
 * The status of a refused form: a failed write's own (`WriteFailure`, 409/503, decision 1840), else `fallback`
 * (400 for a business rule — also when the service's refusal carries its API status, such as a task's 422).
 */
export function refusalStatus(result: object, fallback = 400): number {
  const failedWrite = "writeFailed" in result && "status" in result && typeof result.status === "number";
  return failedWrite ? (result.status as number) : fallback;
}

/**
 * The one way an action answers a refused form (docs/decisions/1503): the service's `Failure`
 * (`{ ok: false, field, errorKey }`, `utils/results.server.ts`) or a failed write (`writeOrRefuse`, 1840) becomes
 * conform's reply — the error next to its field, or above the form when the rule has no field — with status 400
 * (or the status given, or the failed write's), so what was typed stays and the message is in the reader's language.
 */
export function refusal<R>(
  submission: { reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => R },
  result: { field?: string | null; errorKey: string; status?: number },
  status = 400,
) {
  return data(
    submission.reply(
      result.field ? { fieldErrors: { [result.field]: [result.errorKey] } } : { formErrors: [result.errorKey] },
    ),
    { status: refusalStatus(result, status) },
  );
}
