const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

/** An id from a URL or form field: anything that is not a UUID cannot exist, so it is a 404 and never a SQL error. */
export function requireUuid(value: string | null | undefined): string {
  if (!value || !uuidPattern.test(value)) notFound();
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
