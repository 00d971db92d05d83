import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

/**
 * A flow measurement (spec §1, §3 "Flow review"): one person's activities with their share of time and
 * scores. It keeps the flow settings it was made with (scale and zone boundaries), as a review keeps its
 * scale, so a later change of the settings does not move old activities to other zones
 * (docs/decisions/0920).
 */
export const flowMeasurements = pgTable(
  "flow_measurements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    /** Whose flow this is. */
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    createdBy: uuid("created_by").references(() => memberships.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    scaleMax: smallint("scale_max").notNull(),
    flowBand: smallint("flow_band").notNull(),
    stressBand: smallint("stress_band").notNull(),
  },
  (t) => [
    index("flow_measurements_person_idx").on(t.accountId, t.clusterId, t.membershipId, t.createdAt),
    index("flow_measurements_membership_idx").on(t.membershipId),
    check("flow_measurements_scale_ck", sql`${t.scaleMax} between 4 and 10`),
    check("flow_measurements_bands_ck", sql`0 <= ${t.flowBand} and ${t.flowBand} < ${t.stressBand}`),
  ],
);

/** An activity of a measurement: its share of the person's time (%) and four scores on the measurement's scale. */
export const flowActivities = pgTable(
  "flow_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    measurementId: uuid("measurement_id")
      .notNull()
      .references(() => flowMeasurements.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    sharePercent: smallint("share_percent").notNull(),
    capability: smallint("capability").notNull(),
    challenge: smallint("challenge").notNull(),
    energy: smallint("energy").notNull(),
    skills: smallint("skills").notNull(),
  },
  (t) => [
    index("flow_activities_measurement_idx").on(t.measurementId, t.position),
    check("flow_activities_share_ck", sql`${t.sharePercent} between 1 and 100`),
    check(
      "flow_activities_scores_ck",
      sql`least(${t.capability}, ${t.challenge}, ${t.energy}, ${t.skills}) >= 1 and greatest(${t.capability}, ${t.challenge}, ${t.energy}, ${t.skills}) <= 10`,
    ),
  ],
);
