import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { imports } from "./imports";
import { users } from "./users";
import { tenantColumns } from "./tenant-columns";

/** The payroll and HR systems a cluster can import its personnel from (issue #16, decision 1220). */
export const connectorKinds = ["afas", "polaris"] as const;
export type ConnectorKind = (typeof connectorKinds)[number];

export const connectorSchedules = ["off", "daily", "weekly"] as const;
export type ConnectorSchedule = (typeof connectorSchedules)[number];

/** Where a connector run is (the spec's import-source statuses). */
export const connectorStages = ["fetch", "teams", "team_leaders", "users", "compare", "ready", "failed"] as const;
export type ConnectorStage = (typeof connectorStages)[number];

/** One connector's settings in a cluster: where it is, its secret (encrypted), its schedule. */
export const importConnectors = pgTable(
  "import_connectors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    kind: text("kind", { enum: connectorKinds }).notNull(),
    url: text("url").notNull(),
    /** AES-256-GCM (docs/decisions/0421, 1221); never shown back. */
    secretEncrypted: text("secret_encrypted").notNull(),
    /** AFAS: the GetConnector with the employees. */
    connectorName: text("connector_name").notNull().default(""),
    schedule: text("schedule", { enum: connectorSchedules }).notNull().default("off"),
    /** 1 = Monday … 7 = Sunday (weekly only). */
    weekday: integer("weekday").notNull().default(1),
    /** HH:MM, Europe/Amsterdam. */
    time: text("time").notNull().default("06:00"),
    /** Apply changes without decisions automatically after a scheduled run (decision 1223). */
    autoApply: boolean("auto_apply").notNull().default(false),
    /** Who set the schedule: scheduled runs are started and applied as them. */
    scheduledBy: uuid("scheduled_by").references(() => users.id, { onDelete: "set null" }),
    /** Slots before this moment are not run (a new schedule does not catch up). */
    scheduledSince: timestamp("scheduled_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("import_connectors_cluster_kind_uq").on(t.clusterId, t.kind)],
);

/** One import fetched through a connector: its stage and, for a scheduled run, its slot (unique). */
export const importConnectorRuns = pgTable(
  "import_connector_runs",
  {
    importId: uuid("import_id")
      .primaryKey()
      .references(() => imports.id, { onDelete: "cascade" }),
    ...tenantColumns(),
    /** Null once the connector's settings are gone: the run stays in the history. */
    connectorId: uuid("connector_id").references(() => importConnectors.id, { onDelete: "set null" }),
    kind: text("kind", { enum: connectorKinds }).notNull(),
    stage: text("stage", { enum: connectorStages }).notNull().default("fetch"),
    /** "YYYY-MM-DD HH:MM" (Europe/Amsterdam) of a scheduled run; null for a run HR started. */
    slot: text("slot"),
    /** Set once HR was told about a scheduled run (and its safe changes applied). */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("import_connector_runs_slot_uq").on(t.connectorId, t.slot),
    index("import_connector_runs_cluster_idx").on(t.clusterId),
  ],
);
