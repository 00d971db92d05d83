/**
 * The JSON API's limits (docs/decisions/1651), client-safe so the reference page and the guard read the same
 * numbers: per-token rate, the sliding token's window and grace.
 */
export const API_RATE_LIMIT = { limit: 600, windowSeconds: 60 } as const;
/** A call in the token's last hour gets a replacement token in the X-Refreshed-Token header. */
export const TOKEN_REFRESH_BEFORE_SECONDS = 60 * 60;
/** How long a replaced token keeps working, so calls already sent with it do not fail. */
export const TOKEN_GRACE_SECONDS = 60;
/** The response header that carries a replacement token (spec §4/§7). */
export const REFRESHED_TOKEN_HEADER = "X-Refreshed-Token";
