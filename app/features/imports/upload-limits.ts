/** The largest personnel file one upload may carry; client-safe, so the page and the action share it. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
