CREATE TABLE "criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"dimension" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"characteristics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_key" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "criteria_dimension_ck" CHECK ("criteria"."dimension" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "criteria_set_criteria" (
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"set_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	CONSTRAINT "criteria_set_criteria_set_id_criterion_id_pk" PRIMARY KEY("set_id","criterion_id")
);
--> statement-breakpoint
CREATE TABLE "criteria_set_teams" (
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"set_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	CONSTRAINT "criteria_set_teams_set_id_team_id_pk" PRIMARY KEY("set_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "criteria_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visible_to_team_leaders" boolean DEFAULT false NOT NULL,
	"flex" integer DEFAULT 0 NOT NULL,
	"basic" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "criteria_sets_flex_ck" CHECK ("criteria_sets"."flex" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "criterion_tags" (
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "criterion_tags_criterion_id_tag_id_pk" PRIMARY KEY("criterion_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"cluster_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"current_scale" smallint DEFAULT 5 NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"role_labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thresholds" jsonb DEFAULT '{"lowerPercent":33,"upperPercent":67,"employabilityPercent":50}'::jsonb NOT NULL,
	"reviewer_roles" jsonb DEFAULT '["team_admin","reviewer"]'::jsonb NOT NULL,
	"flow" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "criteria" ADD CONSTRAINT "criteria_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria" ADD CONSTRAINT "criteria_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_set_criteria" ADD CONSTRAINT "criteria_set_criteria_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_set_criteria" ADD CONSTRAINT "criteria_set_criteria_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_set_criteria" ADD CONSTRAINT "criteria_set_criteria_set_id_criteria_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."criteria_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_set_criteria" ADD CONSTRAINT "criteria_set_criteria_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_set_teams" ADD CONSTRAINT "criteria_set_teams_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_set_teams" ADD CONSTRAINT "criteria_set_teams_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_set_teams" ADD CONSTRAINT "criteria_set_teams_set_id_criteria_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."criteria_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_set_teams" ADD CONSTRAINT "criteria_set_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_sets" ADD CONSTRAINT "criteria_sets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria_sets" ADD CONSTRAINT "criteria_sets_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_tags" ADD CONSTRAINT "criterion_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_tags" ADD CONSTRAINT "criterion_tags_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_tags" ADD CONSTRAINT "criterion_tags_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_tags" ADD CONSTRAINT "criterion_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "criteria_account_cluster_idx" ON "criteria" USING btree ("account_id","cluster_id","dimension");--> statement-breakpoint
CREATE UNIQUE INDEX "criteria_cluster_name_uq" ON "criteria" USING btree ("cluster_id",lower("name"));--> statement-breakpoint
CREATE INDEX "criteria_set_criteria_criterion_idx" ON "criteria_set_criteria" USING btree ("criterion_id");--> statement-breakpoint
CREATE INDEX "criteria_set_teams_team_idx" ON "criteria_set_teams" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "criteria_sets_account_cluster_idx" ON "criteria_sets" USING btree ("account_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "criteria_sets_cluster_name_uq" ON "criteria_sets" USING btree ("cluster_id",lower("name"));--> statement-breakpoint
CREATE INDEX "criterion_tags_tag_idx" ON "criterion_tags" USING btree ("tag_id");