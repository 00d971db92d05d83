/** List sizes shared by the services and the pages (client-safe: no .server module). */
export const LOGIN_AS_PAGE_SIZE = 25;
