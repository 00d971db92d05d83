const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a detail page or a form's id names (the 404 page then says '{item} niet gevonden', spec §8, 1641), and what
 * a failed write names (`actionFailed`, 1703). */
export const missingItems = [
  "person",
  "team",
  "tag",
  "position",
  "task",
  "competence",
  "criterion",
  "contract",
  "note",
  "dialog",
  "knowledgeArea",
  "settings",
  "goal",
  "set",
  "score",
  "import",
  "personalDataExport",
] as const;
export type MissingItem = (typeof missingItems)[number];

export function notFound(item?: MissingItem): never {
  if (!item) throw new Response("Not found", { status: 404 });
  throw new Response(JSON.stringify({ item }), {
    status: 404,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

/** The item a 404's data names, if it names one of ours. */
export function missingItemOf(data: unknown): MissingItem | null {
  const item = (data as { item?: unknown } | null)?.item;
  return missingItems.includes(item as MissingItem) ? (item as MissingItem) : null;
}

/** An id from a URL or form field: anything that is not a UUID cannot exist, so it is a 404 and never a SQL error. */
export function requireUuid(value: string | null | undefined, item?: MissingItem): string {
  if (!value || !uuidPattern.test(value)) notFound(item);
  return value;
}

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

/** The page number of a `?page=` link: 1 for anything unusable. */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(n) && n > 0 && n < 100000 ? n : 1;
}
