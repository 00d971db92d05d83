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
