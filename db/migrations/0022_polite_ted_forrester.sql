CREATE TABLE "knowledge_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_knowledge_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"knowledge_area_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"given_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_knowledge_levels_level_ck" CHECK ("member_knowledge_levels"."level" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "team_knowledge_needs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"knowledge_area_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"needed_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_knowledge_needs_level_ck" CHECK ("team_knowledge_needs"."level" between 1 and 3),
	CONSTRAINT "team_knowledge_needs_count_ck" CHECK ("team_knowledge_needs"."needed_count" between 0 and 99)
);
--> statement-breakpoint
ALTER TABLE "knowledge_areas" ADD CONSTRAINT "knowledge_areas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_areas" ADD CONSTRAINT "knowledge_areas_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_knowledge_levels" ADD CONSTRAINT "member_knowledge_levels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_knowledge_levels" ADD CONSTRAINT "member_knowledge_levels_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_knowledge_levels" ADD CONSTRAINT "member_knowledge_levels_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_knowledge_levels" ADD CONSTRAINT "member_knowledge_levels_knowledge_area_id_knowledge_areas_id_fk" FOREIGN KEY ("knowledge_area_id") REFERENCES "public"."knowledge_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_knowledge_levels" ADD CONSTRAINT "member_knowledge_levels_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_knowledge_needs" ADD CONSTRAINT "team_knowledge_needs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_knowledge_needs" ADD CONSTRAINT "team_knowledge_needs_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_knowledge_needs" ADD CONSTRAINT "team_knowledge_needs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_knowledge_needs" ADD CONSTRAINT "team_knowledge_needs_knowledge_area_id_knowledge_areas_id_fk" FOREIGN KEY ("knowledge_area_id") REFERENCES "public"."knowledge_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_areas_account_cluster_idx" ON "knowledge_areas" USING btree ("account_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_areas_cluster_name_uq" ON "knowledge_areas" USING btree ("cluster_id",lower("name")) WHERE "knowledge_areas"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_knowledge_levels_uq" ON "member_knowledge_levels" USING btree ("membership_id","knowledge_area_id");--> statement-breakpoint
CREATE INDEX "member_knowledge_levels_area_idx" ON "member_knowledge_levels" USING btree ("knowledge_area_id");--> statement-breakpoint
CREATE INDEX "member_knowledge_levels_account_cluster_idx" ON "member_knowledge_levels" USING btree ("account_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_knowledge_needs_uq" ON "team_knowledge_needs" USING btree ("team_id","knowledge_area_id","level");--> statement-breakpoint
CREATE INDEX "team_knowledge_needs_account_cluster_idx" ON "team_knowledge_needs" USING btree ("account_id","cluster_id");