CREATE TABLE "review_criteria" (
	"review_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"dimension" smallint NOT NULL,
	"belongs_to_set" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_criteria_review_id_criterion_id_pk" PRIMARY KEY("review_id","criterion_id")
);
--> statement-breakpoint
CREATE TABLE "review_reviewers" (
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"invited_at" timestamp with time zone,
	"reminders_sent" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "review_reviewers_review_id_membership_id_pk" PRIMARY KEY("review_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "review_scores" (
	"subject_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"dimension" smallint NOT NULL,
	"score" smallint NOT NULL,
	"is_manual" boolean DEFAULT true NOT NULL,
	"scored_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_scores_subject_id_criterion_id_pk" PRIMARY KEY("subject_id","criterion_id"),
	CONSTRAINT "review_scores_score_ck" CHECK ("review_scores"."score" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"round_id" uuid,
	"membership_id" uuid NOT NULL,
	"performance" real,
	"potential" real,
	"employability" real,
	"development_role" smallint,
	"scored_count" integer DEFAULT 0 NOT NULL,
	"development_goal" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_tags" (
	"review_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "review_tags_review_id_tag_id_pk" PRIMARY KEY("review_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "review_team_stats" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"round_id" uuid NOT NULL,
	"subjects" integer DEFAULT 0 NOT NULL,
	"started_subjects" integer DEFAULT 0 NOT NULL,
	"complete_subjects" integer DEFAULT 0 NOT NULL,
	"role_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"level_counts" jsonb DEFAULT '{"1":{},"2":{},"3":{}}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"parent_id" uuid,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"deadline" date,
	"scale" smallint NOT NULL,
	"set_id" uuid,
	"team_id" uuid,
	"team_name" text,
	"is_finished" boolean DEFAULT false NOT NULL,
	"finished_at" timestamp with time zone,
	"completion_confirmed_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "reviews_scale_ck" CHECK ("reviews"."scale" between 3 and 5)
);
--> statement-breakpoint
ALTER TABLE "review_criteria" ADD CONSTRAINT "review_criteria_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_criteria" ADD CONSTRAINT "review_criteria_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_subject_id_review_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."review_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_scored_by_memberships_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_round_id_reviews_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tags" ADD CONSTRAINT "review_tags_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tags" ADD CONSTRAINT "review_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_team_stats" ADD CONSTRAINT "review_team_stats_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_team_stats" ADD CONSTRAINT "review_team_stats_round_id_reviews_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_parent_id_reviews_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_set_id_criteria_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."criteria_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_created_by_memberships_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reviewers_membership_idx" ON "review_reviewers" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "review_scores_review_idx" ON "review_scores" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_scores_criterion_idx" ON "review_scores" USING btree ("criterion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_subjects_review_membership_uq" ON "review_subjects" USING btree ("review_id","membership_id");--> statement-breakpoint
CREATE INDEX "review_subjects_membership_idx" ON "review_subjects" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "review_subjects_round_idx" ON "review_subjects" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "review_team_stats_round_idx" ON "review_team_stats" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "reviews_account_cluster_idx" ON "reviews" USING btree ("account_id","cluster_id","type");--> statement-breakpoint
CREATE INDEX "reviews_parent_idx" ON "reviews" USING btree ("parent_id");