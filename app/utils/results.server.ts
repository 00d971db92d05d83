/** A business rule's answer: ok, or the field and i18n key of the error to show next to it. */
export type Failure = { ok: false; field: string; errorKey: string };
export type Result<T = object> = ({ ok: true } & T) | Failure;

/** PostgreSQL's unique_violation, also when drizzle wraps the driver error. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
