import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { reviewSettings } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";
import type { ReviewSettingsInput } from "./review-settings.schema";
import { supportedLanguages, type Language } from "~/utils/i18n";
import { developmentRoles } from "./development-roles";

type Tenant = Pick<TenantContext, "accountId" | "clusterId">;

/** The cluster's review settings; the row with defaults is created on first read (docs/decisions/0303). */
export async function getReviewSettings(ctx: Tenant, db: DbOrTx = getDb()) {
  const where = and(eq(reviewSettings.clusterId, ctx.clusterId), eq(reviewSettings.accountId, ctx.accountId));
  const [row] = await db.select().from(reviewSettings).where(where);
  if (row) return row;
  await db.insert(reviewSettings).values({ accountId: ctx.accountId, clusterId: ctx.clusterId }).onConflictDoNothing();
  const [created] = await db.select().from(reviewSettings).where(where);
  if (!created) throw new Response("Not found", { status: 404 });
  return created;
}

export async function updateReviewSettings(ctx: TenantContext, input: ReviewSettingsInput) {
  await getReviewSettings(ctx);
  const dimensions = Object.fromEntries(
    (["1", "2", "3"] as const).map((d) => [
      d,
      {
        name: Object.fromEntries(supportedLanguages.map((l) => [l, input[`d${d}_name_${l}`]]).filter(([, v]) => v)),
        label: Object.fromEntries(supportedLanguages.map((l) => [l, input[`d${d}_label_${l}`]]).filter(([, v]) => v)),
      },
    ]),
  );
  const roleLabels = Object.fromEntries(
    (["changeofcareer", "potential", "achiever", "midfield", "star"] as const).map((r) => [
      r,
      Object.fromEntries(supportedLanguages.map((l) => [l, input[`role_${r}_${l}`]]).filter(([, v]) => v)),
    ]),
  );
  await getDb().transaction(async (tx) => {
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "cluster",
      subjectId: ctx.clusterId,
      action: "settings.review",
    });
    await tx
      .update(reviewSettings)
      .set({
        currentScale: input.currentScale,
        dimensions,
        roleLabels,
        thresholds: {
          lowerPercent: input.lowerPercent,
          upperPercent: input.upperPercent,
          employabilityPercent: input.employabilityPercent,
        },
        reviewerRoles: input.reviewerRoles,
        ...(input.peerAnonymityThreshold === undefined ? {} : { peerAnonymityThreshold: input.peerAnonymityThreshold }),
        updatedAt: new Date(),
      })
      .where(and(eq(reviewSettings.clusterId, ctx.clusterId), eq(reviewSettings.accountId, ctx.accountId)));
  });
}

type Settings = Awaited<ReturnType<typeof getReviewSettings>>;
type T = (key: string, options?: Record<string, unknown>) => string;

/** Dimension names and labels in one language: the cluster's renaming, else the translated default. */
export function dimensionTexts(settings: Settings, language: Language, t: T) {
  return ([1, 2, 3] as const).map((d) => ({
    dimension: d,
    name: settings.dimensions[`${d}`]?.name?.[language] || t(`criteria:dimensions.${d}.name`),
    label: settings.dimensions[`${d}`]?.label?.[language] || t(`criteria:dimensions.${d}.label`),
  }));
}

export function roleLabels(settings: Settings, language: Language, t: T) {
  return developmentRoles.map((r) => ({
    ...r,
    label: settings.roleLabels[r.key]?.[language] || t(`criteria:roles.${r.key}`),
  }));
}

const localeCache = new Map<Language, Record<string, unknown>>();
function criteriaLocale(language: Language) {
  let texts = localeCache.get(language);
  if (!texts) {
    texts = JSON.parse(readFileSync(path.resolve(`public/locales/${language}/criteria.json`), "utf8")) as Record<
      string,
      unknown
    >;
    localeCache.set(language, texts);
  }
  return texts as {
    dimensions: Record<"1" | "2" | "3", { name: string; label: string }>;
    roles: Record<string, string>;
  };
}

/** The settings form's values: each text in each language, the cluster's renaming or the default. */
export function reviewSettingsFormValues(settings: Settings): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {
    currentScale: String(settings.currentScale),
    lowerPercent: String(settings.thresholds.lowerPercent),
    upperPercent: String(settings.thresholds.upperPercent),
    employabilityPercent: String(settings.thresholds.employabilityPercent),
    reviewerRoles: settings.reviewerRoles,
    peerAnonymityThreshold: String(settings.peerAnonymityThreshold),
  };
  for (const language of supportedLanguages) {
    const defaults = criteriaLocale(language);
    for (const d of ["1", "2", "3"] as const) {
      values[`d${d}_name_${language}`] = settings.dimensions[d]?.name?.[language] || defaults.dimensions[d].name;
      values[`d${d}_label_${language}`] = settings.dimensions[d]?.label?.[language] || defaults.dimensions[d].label;
    }
    for (const r of developmentRoles)
      values[`role_${r.key}_${language}`] = settings.roleLabels[r.key]?.[language] || defaults.roles[r.key];
  }
  return values;
}
