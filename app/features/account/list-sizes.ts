/** List sizes shared by the services and the pages (client-safe: no .server module). */
export const ACCOUNT_USERS_PAGE_SIZE = 50;
