import type { Tx } from "#db/client.server";
import { auditBy, recordAudit, type AuditDetail } from "~/features/audit/audit.server";
import type { TenantContext } from "~/utils/tenant.server";

/** A PostgreSQL array literal, so that thousands of values travel as one parameter. */
export function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
}

/** The same audit event as auditMembership for many employees, through the one writer, 5,000 rows a statement. */
export async function auditMemberships(
  tx: Tx,
  ctx: TenantContext,
  action: "membership.deactivate" | "membership.update" | "contract.create" | "contract.update" | "contract.end",
  membershipIds: string[],
  data: AuditDetail,
) {
  for (let start = 0; start < membershipIds.length; start += AUDIT_CHUNK) {
    await recordAudit(
      tx,
      membershipIds
        .slice(start, start + AUDIT_CHUNK)
        .map((id) => ({ ...auditBy(ctx), subjectType: "membership" as const, subjectId: id, action, data })),
    );
  }
}
/** Audit rows per insert: 9 parameters a row stays under PostgreSQL's 65,535 parameters. */
const AUDIT_CHUNK = 5_000;
