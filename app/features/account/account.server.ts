import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { formatDate, parseDate, toIsoDate } from "~/utils/dates";
import type { TenantContext } from "~/utils/tenant.server";
import type { CompanyInput } from "./account.schema";

const DAY = 24 * 60 * 60 * 1000;

/** Licence status and usage against the licensed amounts (spec §2 account dashboard). */
export async function getAccountDashboard(ctx: TenantContext) {
  const result = await getDb().execute<{
    licence_status: string;
    licensed_teams: number;
    licensed_employees: number;
    licence_expires_at: Date | null;
    trial_ends_at: Date | null;
    clusters: number;
    teams: number;
    employees: number;
  }>(sql`
    select a.licence_status, a.licensed_teams, a.licensed_employees, a.licence_expires_at, a.trial_ends_at,
      (select count(*)::int from clusters c where c.account_id = a.id and c.deleted_at is null) as clusters,
      (select count(*)::int from teams t join clusters c on c.id = t.cluster_id and c.deleted_at is null
        where t.account_id = a.id and t.deleted_at is null) as teams,
      (select count(distinct m.user_id)::int from memberships m join users u on u.id = m.user_id and u.deleted_at is null
        where m.account_id = a.id and m.access and m.status = 'active' and m.deleted_at is null) as employees
    from accounts a where a.id = ${ctx.accountId}`);
  const r = result.rows[0];
  const trialEnds = r.trial_ends_at ? new Date(r.trial_ends_at) : null;
  return {
    licenceStatus: r.licence_status,
    licensedTeams: r.licensed_teams,
    licensedEmployees: r.licensed_employees,
    expiresAt: formatDate(r.licence_expires_at ? new Date(r.licence_expires_at) : null),
    trialDaysLeft:
      r.licence_status === "trial" && trialEnds
        ? Math.max(0, Math.ceil((trialEnds.getTime() - Date.now()) / DAY))
        : null,
    clusters: r.clusters,
    teams: r.teams,
    employees: r.employees,
  };
}

// ---------- company details ----------

/** The form's text values: an empty field for every column that is null. */
function blankForNull<K extends string>(values: Record<K, string | null>): Record<K, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ""])) as Record<K, string>;
}

export async function getCompanyDetails(ctx: TenantContext) {
  const [a] = await getDb().select().from(accounts).where(eq(accounts.id, ctx.accountId));
  const { address, zip, city, country, vatNumber: vat, iban, bic, chamberOfCommerce, phone } = a;
  return {
    name: a.name,
    ...blankForNull({ address, zip, city, country, vat, iban, bic, chamberOfCommerce, phone }),
    invoiceDate: a.invoiceDate ? formatDate(new Date(`${a.invoiceDate}T00:00:00`)) : "",
  };
}

export async function updateCompanyDetails(ctx: TenantContext, input: CompanyInput) {
  const invoice = input.invoiceDate ? parseDate(input.invoiceDate) : null;
  await getDb().transaction(async (tx) => {
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "account",
      subjectId: ctx.accountId,
      action: "settings.account",
    });
    await tx
      .update(accounts)
      .set({
        address: input.address,
        zip: input.zip,
        city: input.city,
        country: input.country,
        vatNumber: input.vat,
        iban: input.iban,
        bic: input.bic,
        chamberOfCommerce: input.chamberOfCommerce,
        phone: input.phone,
        invoiceDate: invoice ? toIsoDate(invoice) : null,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, ctx.accountId));
  });
}
