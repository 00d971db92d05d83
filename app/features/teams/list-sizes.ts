/** List sizes shared by the services and the pages (client-safe: no .server module). */
export const TEAMS_PAGE_SIZE = 50;
