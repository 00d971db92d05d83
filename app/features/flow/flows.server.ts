import { and, asc, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import { joinPerson } from "~/features/people/person-query.server";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  flowActivities,
  flowMeasurements,
  memberships,
  reviewSettings,
  roleAssignments,
  teams,
  users,
} from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import { inCluster, notFound } from "~/utils/scope.server";
import { coversNoTeam, inTeamScope, membersInTeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { flowScope, flowVisibility, requireFlowMeasurement } from "./flow-access.server";
import type { ActivityInput } from "./flow-form";
import {
  averageZoneShares,
  flowSettingsFrom,
  isCounted,
  zoneOf,
  zoneShares,
  type FlowSettings,
  type FlowZone,
  type ZoneShares,
} from "./flow-zones";
import { personNameSql } from "~/utils/person-name.server";

type Tenant = Pick<TenantContext, "accountId" | "clusterId">;

type ActivityValues = Pick<
  typeof flowActivities.$inferInsert,
  "name" | "sharePercent" | "capability" | "challenge" | "energy" | "skills"
>;

/** What a person fills in of one activity: what is stored of it and what the measurement page shows. */
function activityValues({ name, sharePercent, capability, challenge, energy, skills }: ActivityValues): ActivityValues {
  return { name, sharePercent, capability, challenge, energy, skills };
}

/** The cluster's flow settings (the review settings' flow section, or the default: docs/decisions/0920). */
export async function getFlowSettings(ctx: Tenant, db: DbOrTx = getDb()): Promise<FlowSettings> {
  return flowSettingsFrom((await getReviewSettings(ctx, db)).flow);
}

/**
 * Whether ctx may change the cluster's flow settings (docs/decisions/1283): flows.manage with a
 * cluster-wide scope (cluster roles other than employee, account admins), not every employee who
 * measures their own flow.
 */
export function mayManageFlowSettings(ctx: TenantContext) {
  return flowScope(ctx).all;
}

/** Save the flow section of the review settings; later measurements use it, earlier ones keep theirs (0920). */
export async function saveFlowSettings(ctx: TenantContext, settings: FlowSettings, db: DbOrTx = getDb()) {
  if (!mayManageFlowSettings(ctx)) notFound();
  await db.transaction(async (tx) => {
    const row = await getReviewSettings(ctx, tx);
    await tx
      .update(reviewSettings)
      .set({ flow: { ...row.flow, ...settings }, updatedAt: new Date() })
      .where(and(eq(reviewSettings.clusterId, ctx.clusterId), eq(reviewSettings.accountId, ctx.accountId)));
  });
}

/**
 * A measurement of the actor's own flow, with the cluster's current flow settings; one transaction.
 * `at` is for the demo seed's measurements in the past.
 */
export async function createFlowMeasurement(
  actor: Tenant & { membershipId: string | null },
  activities: readonly ActivityInput[],
  db: DbOrTx = getDb(),
  options: { at?: Date } = {},
) {
  if (!actor.membershipId) notFound();
  const membershipId = actor.membershipId;
  return db.transaction(async (tx) => {
    const settings = await getFlowSettings(actor, tx);
    if (activities.some((a) => [a.challenge, a.skills, a.capability, a.energy].some((v) => v > settings.scaleMax)))
      return { ok: false as const };
    const [measurement] = await tx
      .insert(flowMeasurements)
      .values({
        accountId: actor.accountId,
        clusterId: actor.clusterId,
        membershipId,
        createdBy: membershipId,
        ...(options.at ? { createdAt: options.at } : {}),
        ...settings,
      })
      .returning({ id: flowMeasurements.id });
    await tx.insert(flowActivities).values(
      activities.map((a, position) => ({
        measurementId: measurement.id,
        position,
        ...activityValues(a),
      })),
    );
    return { ok: true as const, id: measurement.id };
  });
}

type MeasurementRow = typeof flowMeasurements.$inferSelect;
type ActivityRow = typeof flowActivities.$inferSelect;

async function activitiesOf(db: DbOrTx, ids: readonly string[]) {
  const byMeasurement = new Map<string, ActivityRow[]>();
  if (ids.length === 0) return byMeasurement;
  const rows = await db
    .select()
    .from(flowActivities)
    .where(inArray(flowActivities.measurementId, [...ids]))
    .orderBy(asc(flowActivities.measurementId), asc(flowActivities.position));
  for (const row of rows) byMeasurement.set(row.measurementId, [...(byMeasurement.get(row.measurementId) ?? []), row]);
  return byMeasurement;
}

const settingsOf = (m: MeasurementRow): FlowSettings => ({
  scaleMax: m.scaleMax,
  flowBand: m.flowBand,
  stressBand: m.stressBand,
});

const personName = personNameSql(users);

export const flowPageSize = 25;

/** The measurements ctx may see, newest first, with each one's time per zone. */
export async function listFlowMeasurements(ctx: TenantContext, input: { page: number }, db: DbOrTx = getDb()) {
  const where = flowVisibility(ctx);
  const [{ total }] = await db.select({ total: count() }).from(flowMeasurements).where(where);
  const rows = await joinPerson(
    db.select({ measurement: flowMeasurements, name: personName }).from(flowMeasurements).$dynamic(),
    flowMeasurements.membershipId,
  )
    .where(where)
    .orderBy(desc(flowMeasurements.createdAt), asc(flowMeasurements.id))
    .limit(flowPageSize)
    .offset((Math.max(1, input.page) - 1) * flowPageSize);
  const activities = await activitiesOf(
    db,
    rows.map((r) => r.measurement.id),
  );
  return {
    total,
    measurements: rows.map(({ measurement, name }) => ({
      id: measurement.id,
      createdAt: measurement.createdAt.toISOString(),
      name,
      mine: measurement.membershipId === ctx.membershipId,
      ...zoneShares(activities.get(measurement.id) ?? [], settingsOf(measurement)),
    })),
  };
}

/**
 * One measurement ctx may see (404 otherwise): its activities with their zones, the time per zone, and
 * the person's earlier measurements with theirs, newest first.
 */
export async function getFlowDetails(ctx: TenantContext, id: string, db: DbOrTx = getDb()) {
  const measurement = await requireFlowMeasurement(ctx, id, db);
  const [person] = await db
    .select({ name: personName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, measurement.membershipId), inCluster(memberships, ctx)));
  if (!person) notFound();
  const earlier = await db
    .select()
    .from(flowMeasurements)
    .where(
      and(
        inCluster(flowMeasurements, ctx),
        eq(flowMeasurements.membershipId, measurement.membershipId),
        lt(flowMeasurements.createdAt, measurement.createdAt),
      ),
    )
    .orderBy(desc(flowMeasurements.createdAt))
    .limit(10);
  const activities = await activitiesOf(db, [measurement.id, ...earlier.map((m) => m.id)]);
  const settings = settingsOf(measurement);
  const own = activities.get(measurement.id) ?? [];
  return {
    id: measurement.id,
    personName: person.name,
    membershipId: measurement.membershipId,
    mine: measurement.membershipId === ctx.membershipId,
    createdAt: measurement.createdAt.toISOString(),
    settings,
    activities: own.map((a) => ({
      ...activityValues(a),
      zone: zoneOf(a, settings) as FlowZone,
      counted: isCounted(a),
    })),
    ...zoneShares(own, settings),
    earlier: earlier.map((m) => ({
      id: m.id,
      createdAt: m.createdAt.toISOString(),
      ...zoneShares(activities.get(m.id) ?? [], settingsOf(m)),
    })),
  };
}

export type FlowDetails = Awaited<ReturnType<typeof getFlowDetails>>;

/**
 * The team view: per team ctx may see (all of the cluster's, or the teams they lead), the average time
 * per zone over the team members' latest measurements. Empty for someone who sees only their own.
 */
export async function teamFlowZones(ctx: TenantContext, db: DbOrTx = getDb()) {
  const scope = flowScope(ctx);
  if (coversNoTeam(scope)) return [];
  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(inCluster(teams, ctx), isNull(teams.deletedAt), inTeamScope(scope, teams.id)))
    .orderBy(asc(teams.name))
    .limit(200);
  if (teamRows.length === 0) return [];
  const teamIds = teamRows.map((t) => t.id);
  const places = await db
    .select({ teamId: roleAssignments.teamId, membershipId: roleAssignments.membershipId })
    .from(roleAssignments)
    .innerJoin(memberships, eq(memberships.id, roleAssignments.membershipId))
    .where(
      and(
        inCluster(roleAssignments, ctx),
        inArray(roleAssignments.teamId, teamIds),
        eq(roleAssignments.roleKey, "team_member"),
        isNull(memberships.deletedAt),
      ),
    );
  // The latest measurement of each member.
  const latest = await db
    .selectDistinctOn([flowMeasurements.membershipId])
    .from(flowMeasurements)
    .where(
      and(
        inCluster(flowMeasurements, ctx),
        membersInTeamScope({ all: false, teamIds }, ctx, flowMeasurements.membershipId),
      ),
    )
    .orderBy(flowMeasurements.membershipId, desc(flowMeasurements.createdAt));
  const activities = await activitiesOf(
    db,
    latest.map((m) => m.id),
  );
  const sharesOf = new Map<string, ZoneShares>();
  for (const m of latest) {
    const result = zoneShares(activities.get(m.id) ?? [], settingsOf(m));
    if (result.counted) sharesOf.set(m.membershipId, result.shares);
  }
  return teamRows.map((team) => {
    const members = new Set(places.filter((p) => p.teamId === team.id).map((p) => p.membershipId));
    const measured = [...members].flatMap((id) => (sharesOf.has(id) ? [sharesOf.get(id)!] : []));
    return {
      id: team.id,
      name: team.name,
      members: members.size,
      measured: measured.length,
      shares: averageZoneShares(measured),
    };
  });
}

/** My own measurements, newest first, each with its time per zone (my/growth and the dashboard, 1122). */
export async function myFlowZones(
  ctx: Pick<TenantContext, "accountId" | "clusterId" | "membershipId">,
  limit: number,
  db: DbOrTx = getDb(),
) {
  if (!ctx.membershipId) return [];
  const rows = await db
    .select()
    .from(flowMeasurements)
    .where(and(inCluster(flowMeasurements, ctx), eq(flowMeasurements.membershipId, ctx.membershipId)))
    .orderBy(desc(flowMeasurements.createdAt), asc(flowMeasurements.id))
    .limit(limit);
  const activities = await activitiesOf(
    db,
    rows.map((m) => m.id),
  );
  return rows.map((m) => ({
    id: m.id,
    createdAt: m.createdAt.toISOString(),
    ...zoneShares(activities.get(m.id) ?? [], settingsOf(m)),
  }));
}
