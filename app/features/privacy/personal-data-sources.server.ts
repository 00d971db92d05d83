/**
 * Where a person's data lives (issue 35, decision 1523): every table with a reference to a user or a
 * membership, and the tables that hang off the person's own review subjects, dialogs, flow measurements and
 * peer assignments. The coverage test (tests/integration/personal-data-export.test.ts) scans the Drizzle
 * schema and fails when a table with such a reference is in neither list.
 */

/** How a row belongs to the person: a column holding their user id, one of their membership ids, or a parent's id. */
export type PersonColumn =
  { column: string; kind: "user" | "membership" } | { column: string; kind: "parent"; parent: ParentSet };

/** Sets of ids the person owns, read once, that child tables refer to. */
export type ParentSet = "reviewSubjects" | "dialogs" | "flowMeasurements" | "givenPeerAssignments" | "tasks";

export type PersonalDataSource = { table: string; by: PersonColumn[] };

const user = (column: string): PersonColumn => ({ column, kind: "user" });
const member = (column: string): PersonColumn => ({ column, kind: "membership" as const });
const parent = (column: string, set: ParentSet): PersonColumn => ({ column, kind: "parent", parent: set });

export const personalDataSources: readonly PersonalDataSource[] = [
  { table: "users", by: [user("id")] },
  { table: "memberships", by: [user("user_id")] },
  { table: "role_assignments", by: [member("membership_id")] },
  { table: "membership_tags", by: [member("membership_id")] },
  { table: "contracts", by: [member("membership_id")] },
  { table: "invitations", by: [member("membership_id"), user("invited_by_user_id")] },
  { table: "review_subjects", by: [member("membership_id")] },
  { table: "review_reviewers", by: [member("membership_id")] },
  { table: "review_scores", by: [member("scored_by"), parent("subject_id", "reviewSubjects")] },
  { table: "review_team_answers", by: [parent("subject_id", "reviewSubjects")] },
  // Calibration moves of the person's placements, and the moves they made (1610).
  { table: "placement_calibrations", by: [member("membership_id"), user("moved_by")] },
  { table: "reviews", by: [member("created_by")] },
  // Answers the person gave as a peer; answers others gave about them only as the result's aggregate.
  { table: "review_peer_assignments", by: [member("reviewer_id")] },
  { table: "review_peer_answers", by: [parent("assignment_id", "givenPeerAssignments")] },
  { table: "review_peer_nominations", by: [member("nominee_id"), member("decided_by")] },
  { table: "dialogs", by: [member("membership_id"), member("leader_membership_id"), member("created_by")] },
  { table: "dialog_events", by: [member("actor_membership_id"), parent("dialog_id", "dialogs")] },
  { table: "dialog_learning_goals", by: [parent("dialog_id", "dialogs")] },
  { table: "dialog_initiatives", by: [parent("dialog_id", "dialogs")] },
  { table: "dialog_initiative_links", by: [parent("dialog_id", "dialogs")] },
  { table: "dialog_actions", by: [parent("dialog_id", "dialogs")] },
  { table: "flow_measurements", by: [member("membership_id"), member("created_by")] },
  { table: "flow_activities", by: [parent("measurement_id", "flowMeasurements")] },
  { table: "competence_scores", by: [member("membership_id"), user("given_by")] },
  { table: "member_knowledge_levels", by: [member("membership_id"), user("given_by")] },
  { table: "ambitions", by: [member("membership_id")] },
  { table: "team_goals", by: [user("created_by"), user("updated_by")] },
  { table: "tasks", by: [member("sender_id"), member("receiver_id")] },
  { table: "task_mails", by: [member("receiver_id"), parent("task_id", "tasks")] },
  { table: "import_changes", by: [member("membership_id")] },
  { table: "imports", by: [user("created_by"), user("applied_by")] },
  { table: "import_connectors", by: [user("scheduled_by")] },
  // Licence orders the person placed as account admin (decision 1630).
  { table: "licence_orders", by: [user("ordered_by_user_id")] },
  { table: "digests_sent", by: [member("membership_id")] },
  { table: "audit_events", by: [user("target_user_id"), user("actor_user_id")] },
  { table: "user_sso_identities", by: [user("user_id")] },
  { table: "user_two_factor", by: [user("user_id")] },
];

/** Tables with a reference to the person that the export leaves out, and why (the documented exceptions). */
export const notExported: Readonly<Record<string, string>> = {
  sessions: "sign-in sessions: security data, short-lived, no content about the person",
  session_impersonations: "login-as bookkeeping of a session; the trail's loginAs events are exported",
  user_tokens: "one-time codes (hashed): security data, short-lived",
  personal_data_exports: "the requests for this export themselves: ids and dates, removed within weeks (decision 1740)",
};

/** Columns never written into an export: secrets and their hashes. */
export const secretColumn = /(password|secret|token|hash|encrypted|recovery)/i;
