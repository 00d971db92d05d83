/** A person's name as lists show it: first and last name, or the e-mail address when both are empty. */
export function personName(firstName: string | null, lastName: string | null, email: string): string {
  return [firstName, lastName].filter(Boolean).join(" ") || email;
}

/** An ILIKE pattern that finds `text` anywhere (its %, _ and \ taken literally), or null for blank text. */
export function likePattern(text: string | undefined): string | null {
  const term = text?.trim();
  return term ? `%${term.replace(/[%_\\]/g, "\\$&")}%` : null;
}
