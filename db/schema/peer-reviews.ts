import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { criteria } from "./criteria";
import { reviews, reviewSubjects } from "./reviews";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

/**
 * Peer reviews (docs/decisions/1020). A peer round is a `reviews` row of type `peer`; each reviewed
 * person is a `review_subjects` row; who answers about them is a row here: the person themselves
 * (`self`), their team leader(s) (`leader`) and the peers HR or the leader chose (`peer`). The
 * invitation state per reviewer is the shared `review_reviewers` row (one mail per reviewer and round).
 */
export const peerReviewerRoles = ["self", "peer", "leader"] as const;
export type PeerReviewerRole = (typeof peerReviewerRoles)[number];

export const reviewPeerAssignments = pgTable(
  "review_peer_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => reviewSubjects.id, { onDelete: "restrict" }),
    reviewerId: uuid("reviewer_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    role: text("role", { enum: peerReviewerRoles }).notNull(),
    /**
     * The reviewer's free-text remark (docs/decisions/1203): shown to the reviewed person only among the
     * other finished peers' remarks, unattributed and from the anonymity threshold on.
     */
    comment: text("comment"),
    /** When the reviewer finished this questionnaire (read-only from then on). */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * When this finished peer's answers and remark entered the results (docs/decisions/1430): released
     * together with at least the anonymity threshold of other unreleased ones, never one by one.
     */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_peer_assignments_subject_reviewer_uq").on(t.subjectId, t.reviewerId),
    index("review_peer_assignments_review_idx").on(t.reviewId),
    index("review_peer_assignments_reviewer_idx").on(t.reviewerId),
    check("review_peer_assignments_comment_ck", sql`char_length(${t.comment}) <= 2000`),
  ],
);

export const peerNominationStatuses = ["proposed", "approved", "rejected"] as const;
export type PeerNominationStatus = (typeof peerNominationStatuses)[number];

/**
 * A colleague a reviewed person proposes as their peer (docs/decisions/1202); the leader or HR approves
 * it (then a `peer` assignment is written) or rejects it.
 */
export const reviewPeerNominations = pgTable(
  "review_peer_nominations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => reviewSubjects.id, { onDelete: "restrict" }),
    nomineeId: uuid("nominee_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    status: text("status", { enum: peerNominationStatuses }).notNull().default("proposed"),
    decidedBy: uuid("decided_by").references(() => memberships.id, { onDelete: "restrict" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_peer_nominations_subject_nominee_uq").on(t.subjectId, t.nomineeId),
    index("review_peer_nominations_review_idx").on(t.reviewId),
    index("review_peer_nominations_nominee_idx").on(t.nomineeId),
    check("review_peer_nominations_status_ck", sql`${t.status} in ('proposed', 'approved', 'rejected')`),
  ],
);

/** One reviewer's answer about one reviewed person for one criterion (0 = not rated). */
export const reviewPeerAnswers = pgTable(
  "review_peer_answers",
  {
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => reviewPeerAssignments.id, { onDelete: "restrict" }),
    criterionId: uuid("criterion_id")
      .notNull()
      .references(() => criteria.id, { onDelete: "restrict" }),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    dimension: smallint("dimension").notNull(),
    score: smallint("score").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.criterionId] }),
    index("review_peer_answers_review_idx").on(t.reviewId),
    index("review_peer_answers_criterion_idx").on(t.criterionId),
    check("review_peer_answers_score_ck", sql`${t.score} between 0 and 5`),
  ],
);
