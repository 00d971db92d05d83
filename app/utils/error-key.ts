/**
 * A form's error is an i18n key (conform carries plain strings). One that needs values — the failed write's
 * item, "Team niet gewijzigd…" — carries them after the key as a query string, `common:actionFailed.update?item=team`,
 * so the message is still put into words by the reader's `t` (decision 1840). Keys never contain "?".
 */
export function errorKeyWithValues(key: string, values: Record<string, string>): string {
  return `${key}?${new URLSearchParams(values).toString()}`;
}

/** The key and values of a form error written by `errorKeyWithValues` (a plain key has no values). */
export function readErrorKey(error: string): { key: string; values: Record<string, string> } {
  const at = error.indexOf("?");
  if (at < 0) return { key: error, values: {} };
  return { key: error.slice(0, at), values: Object.fromEntries(new URLSearchParams(error.slice(at + 1))) };
}
