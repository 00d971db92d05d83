import * as z from "zod";
import { searchText } from "~/utils/list-filter";
import { isAuditAction, type AuditAction } from "./audit-actions";

const isoDate = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : ""));

/**
 * The audit viewer's query (account/audit, its export): person and actor as a name or e-mail, one action,
 * a period of whole days (Europe/Amsterdam), and the keyset cursor `before` ("<time>_<id>" of the last row
 * seen). A value that does not fit is no filter. Client-safe.
 */
export const auditListFilterSchema = z.object({
  person: searchText(200),
  actor: searchText(200),
  action: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v): AuditAction | "" => (v && isAuditAction(v) ? v : "")),
  from: isoDate,
  to: isoDate,
  before: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => {
      const m = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_(\d{1,18})$/.exec(v ?? "");
      return m && !Number.isNaN(Date.parse(m[1])) ? { at: m[1], id: Number(m[2]) } : null;
    }),
});

export type AuditListFilter = z.output<typeof auditListFilterSchema>;

/** The filters without the cursor, as query parameters (the export link, the "newest" link). */
export function auditFilterQuery(filter: AuditListFilter): string {
  const params = new URLSearchParams();
  for (const key of ["person", "actor", "action", "from", "to"] as const) if (filter[key]) params.set(key, filter[key]);
  return params.toString();
}
