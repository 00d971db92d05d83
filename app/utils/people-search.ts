/** An ILIKE pattern that finds `text` anywhere (its %, _ and \ taken literally), or null for blank text. */
export function likePattern(text: string | undefined): string | null {
  const term = text?.trim();
  return term ? `%${term.replace(/[%_\\]/g, "\\$&")}%` : null;
}
