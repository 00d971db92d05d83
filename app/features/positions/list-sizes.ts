/** List sizes shared by the services and the pages (client-safe: no .server module). */
export const POSITIONS_PAGE_SIZE = 100;
