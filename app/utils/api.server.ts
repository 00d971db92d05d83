import * as z from "zod";
import { missingItemOf } from "./not-found";
import { pagingQuery } from "~/features/api/operation";

/**
 * Answers of the JSON API (app/routes/api+, docs/decisions/0650): every error is a real HTTP status with
 * a JSON body `{ error, message, ...extra }`. Build answers with Response.json or these helpers, never
 * with Remix's data(): a resource route turns data() into a 200 whose body carries the intended status.
 */
export function jsonError(status: number, error: string, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ error, message, ...extra }, { status });
}

/** 405 with the Allow header, for a method the route does not serve. */
export function methodNotAllowed(allowed: readonly string[]) {
  return Response.json(
    { error: "methodNotAllowed", message: `Use ${allowed.join(" or ")}.` },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}

export function jsonNotFound() {
  return jsonError(404, "notFound", "Not found.");
}

/**
 * Runs an API handler: the services throw a plain 404 Response for ids outside the user's tenant or
 * scope, which becomes a JSON 404; JSON answers thrown by the helpers (readJsonBody, the guard) pass.
 */
export async function answerJson(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    // A service's 404 — plain, or naming the missing item for the pages' '{item} niet gevonden' (1641) — is the API's JSON 404.
    if (error instanceof Response && error.status === 404 && (!isJson(error) || (await namesMissingItem(error))))
      return jsonNotFound();
    throw error;
  }
}

async function namesMissingItem(response: Response): Promise<boolean> {
  return (
    missingItemOf(
      await response
        .clone()
        .json()
        .catch(() => null),
    ) !== null
  );
}

function isJson(response: Response) {
  return (response.headers.get("Content-Type") ?? "").includes("application/json");
}

/**
 * The paging of every API list (?page=, ?pageSize=): absent means the default, anything else unusable a 400.
 * The rule is the document's `pagingQuery`; an operation that declares its query reads it whole with
 * readApiQuery instead.
 */
export function parseApiPaging(
  url: URL,
  { pageSize: defaultSize, maxPageSize }: { pageSize: number; maxPageSize: number },
) {
  const schema = z.object(pagingQuery(maxPageSize, defaultSize));
  const parsed = schema.safeParse({
    page: url.searchParams.get("page") ?? undefined,
    pageSize: url.searchParams.get("pageSize") ?? undefined,
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
    throw jsonError(400, "invalidPaging", issues.map((i) => `${i.path}: ${i.message}`).join("; "), { issues });
  }
  return parsed.data;
}

/**
 * One page of a list a service returns whole (tasks, tags, the competence book: a cluster's worth, not
 * more), with the paging fields every paged answer carries. The cap is parseApiPaging's (decision 1750).
 */
export function pageOfList<T>(rows: T[], { page, pageSize }: { page: number; pageSize: number }) {
  return { rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize };
}
