/** Client-safe page sizes of the competence lists (the pager reads them in the browser). */
export const SCORES_PAGE_SIZE = 50;
