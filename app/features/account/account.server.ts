import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { accounts, type LicenceStatus } from "#db/schema";
import { formatDate, parseDate, toIsoDate } from "~/utils/dates";
import type { TenantContext } from "~/utils/tenant.server";
import type { CompanyInput } from "./account.schema";
import { isLicenceActive, trialDaysLeft } from "./licence.server";

/**
 * Licence status and usage against the licensed amounts (spec §2 account dashboard): the one count of teams and
 * of employees with access that the licence is measured by (the licence page and an order check it too).
 */
export async function getAccountDashboard(ctx: Pick<TenantContext, "accountId">, db: DbOrTx = getDb()) {
  const result = await db.execute<{
    licence_status: LicenceStatus;
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
  const expires = r.licence_expires_at ? new Date(r.licence_expires_at) : null;
  const licence = { licenceStatus: r.licence_status, trialEndsAt: trialEnds, licenceExpiresAt: expires };
  return {
    // A trial that ended or a licence past its end date reads as expired (decision 1630).
    licenceStatus:
      isLicenceActive({ account: licence }) || r.licence_status === "cancelled" ? r.licence_status : "expired",
    licensedTeams: r.licensed_teams,
    licensedEmployees: r.licensed_employees,
    expiresAt: formatDate(expires),
    trialEndsAt: r.licence_status === "trial" ? formatDate(trialEnds) : "",
    trialDaysLeft: trialDaysLeft(licence),
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
