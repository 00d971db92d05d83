/** List sizes shared by the services and the pages (client-safe: no .server module). */

/** Above this many teams, team choosers are search fields instead of selects (docs/decisions/0254). */
export const TEAM_SELECT_LIMIT = 50;
