/**
 * The upload limit, one rule for the page, the action and the HTTP edge (docs/decisions/1451); client-safe.
 * A personnel file of 100,000 rows fits; an HR system's export of 10,000 people is 1–2 MB.
 */
export const MAX_UPLOAD_MB = 20;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** A multipart body that carries one such file: room for the boundaries and the part's headers besides. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
/** The paths that take a file upload: only there does the edge let a multipart body grow to MAX_UPLOAD_REQUEST_BYTES. */
export const uploadPaths: readonly RegExp[] = [/^\/import\/?$/];

/**
 * The JSON body limits of the API, one table for the HTTP edge (server/edge.ts) and readJsonBody
 * (docs/decisions/1651): 64 KB, with the routes that take more. Client-safe.
 */
export const JSON_BODY_DEFAULT_BYTES = 64 * 1024;
export const jsonBodyRoutes: readonly [RegExp, number, method: string][] = [
  // PUT /api/reviews/{id}: a whole review's scores.
  [/^\/api\/reviews\/[^/]+$/, 1024 * 1024, "PUT"],
  // PUT /api/users: a bulk action over many people.
  [/^\/api\/users$/, 256 * 1024, "PUT"],
  // POST /api/positions/competences: the competences of many positions at once.
  [/^\/api\/positions\/competences$/, 128 * 1024, "POST"],
];

/** The most a JSON body of this method to this path may hold. */
export function jsonBodyLimitFor(pathname: string, method: string): number {
  const route = jsonBodyRoutes.find(([pattern, , m]) => m === method.toUpperCase() && pattern.test(pathname));
  return route?.[1] ?? JSON_BODY_DEFAULT_BYTES;
}
