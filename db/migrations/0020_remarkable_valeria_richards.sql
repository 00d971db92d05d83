CREATE TABLE "dialog_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"dialog_id" uuid NOT NULL,
	"initiative_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "dialog_actions_position_uq" UNIQUE("initiative_id","position"),
	CONSTRAINT "dialog_actions_position_ck" CHECK ("dialog_actions"."position" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "dialog_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"dialog_id" uuid NOT NULL,
	"actor_membership_id" uuid,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"meeting_date" date,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialog_initiative_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"dialog_id" uuid NOT NULL,
	"initiative_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dialog_initiative_links_url_ck" CHECK ("dialog_initiative_links"."url" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "dialog_initiatives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"dialog_id" uuid NOT NULL,
	"learning_goal_id" uuid NOT NULL,
	"title" text NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"open_issue" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dialog_initiatives_progress_ck" CHECK ("dialog_initiatives"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "dialog_learning_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"dialog_id" uuid NOT NULL,
	"title" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"leader_membership_id" uuid,
	"objective" text NOT NULL,
	"state" text DEFAULT 'started' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dialogs_state_ck" CHECK ("dialogs"."state" in ('started', 'finished', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "review_peer_answers" (
	"assignment_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"dimension" smallint NOT NULL,
	"score" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_peer_answers_assignment_id_criterion_id_pk" PRIMARY KEY("assignment_id","criterion_id"),
	CONSTRAINT "review_peer_answers_score_ck" CHECK ("review_peer_answers"."score" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_peer_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"role" text NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_settings" ADD COLUMN "peer_anonymity_threshold" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "dialog_actions" ADD CONSTRAINT "dialog_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_actions" ADD CONSTRAINT "dialog_actions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_actions" ADD CONSTRAINT "dialog_actions_dialog_id_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."dialogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_actions" ADD CONSTRAINT "dialog_actions_initiative_id_dialog_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."dialog_initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_events" ADD CONSTRAINT "dialog_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_events" ADD CONSTRAINT "dialog_events_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_events" ADD CONSTRAINT "dialog_events_dialog_id_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."dialogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_events" ADD CONSTRAINT "dialog_events_actor_membership_id_memberships_id_fk" FOREIGN KEY ("actor_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_initiative_links" ADD CONSTRAINT "dialog_initiative_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_initiative_links" ADD CONSTRAINT "dialog_initiative_links_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_initiative_links" ADD CONSTRAINT "dialog_initiative_links_dialog_id_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."dialogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_initiative_links" ADD CONSTRAINT "dialog_initiative_links_initiative_id_dialog_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."dialog_initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_initiatives" ADD CONSTRAINT "dialog_initiatives_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_initiatives" ADD CONSTRAINT "dialog_initiatives_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_initiatives" ADD CONSTRAINT "dialog_initiatives_dialog_id_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."dialogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_initiatives" ADD CONSTRAINT "dialog_initiatives_learning_goal_id_dialog_learning_goals_id_fk" FOREIGN KEY ("learning_goal_id") REFERENCES "public"."dialog_learning_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_learning_goals" ADD CONSTRAINT "dialog_learning_goals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_learning_goals" ADD CONSTRAINT "dialog_learning_goals_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_learning_goals" ADD CONSTRAINT "dialog_learning_goals_dialog_id_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."dialogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogs" ADD CONSTRAINT "dialogs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogs" ADD CONSTRAINT "dialogs_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogs" ADD CONSTRAINT "dialogs_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogs" ADD CONSTRAINT "dialogs_leader_membership_id_memberships_id_fk" FOREIGN KEY ("leader_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogs" ADD CONSTRAINT "dialogs_created_by_memberships_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_answers" ADD CONSTRAINT "review_peer_answers_assignment_id_review_peer_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."review_peer_assignments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_answers" ADD CONSTRAINT "review_peer_answers_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_answers" ADD CONSTRAINT "review_peer_answers_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_assignments" ADD CONSTRAINT "review_peer_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_assignments" ADD CONSTRAINT "review_peer_assignments_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_assignments" ADD CONSTRAINT "review_peer_assignments_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_assignments" ADD CONSTRAINT "review_peer_assignments_subject_id_review_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."review_subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_assignments" ADD CONSTRAINT "review_peer_assignments_reviewer_id_memberships_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dialog_events_dialog_idx" ON "dialog_events" USING btree ("dialog_id","created_at");--> statement-breakpoint
CREATE INDEX "dialog_initiative_links_initiative_idx" ON "dialog_initiative_links" USING btree ("initiative_id");--> statement-breakpoint
CREATE INDEX "dialog_initiatives_goal_idx" ON "dialog_initiatives" USING btree ("learning_goal_id","created_at");--> statement-breakpoint
CREATE INDEX "dialog_learning_goals_dialog_idx" ON "dialog_learning_goals" USING btree ("dialog_id","created_at");--> statement-breakpoint
CREATE INDEX "dialogs_person_idx" ON "dialogs" USING btree ("account_id","cluster_id","membership_id");--> statement-breakpoint
CREATE INDEX "dialogs_leader_idx" ON "dialogs" USING btree ("account_id","cluster_id","leader_membership_id");--> statement-breakpoint
CREATE INDEX "review_peer_answers_review_idx" ON "review_peer_answers" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_peer_answers_criterion_idx" ON "review_peer_answers" USING btree ("criterion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_peer_assignments_subject_reviewer_uq" ON "review_peer_assignments" USING btree ("subject_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "review_peer_assignments_review_idx" ON "review_peer_assignments" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_peer_assignments_reviewer_idx" ON "review_peer_assignments" USING btree ("reviewer_id");--> statement-breakpoint
-- An employee takes part in their own development dialogs (docs/decisions/1000): existing clusters get the rights new clusters get by default.
INSERT INTO "role_rights" ("account_id", "cluster_id", "role_key", "right_key")
SELECT "account_id", "id", 'employee', 'dialogs.manage' FROM "clusters" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_rights" ("account_id", "cluster_id", "role_key", "right_key")
SELECT "account_id", "id", 'employee', 'dialogs.edit' FROM "clusters" ON CONFLICT DO NOTHING;
