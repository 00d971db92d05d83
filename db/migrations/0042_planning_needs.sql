CREATE TABLE "planning_needs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"horizon" text NOT NULL,
	"employees" integer NOT NULL,
	"fte" numeric(7, 2) NOT NULL,
	"reason" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planning_needs_horizon_ck" CHECK ("planning_needs"."horizon" in ('current', '1y', '5y')),
	CONSTRAINT "planning_needs_employees_ck" CHECK ("planning_needs"."employees" between 0 and 9999),
	CONSTRAINT "planning_needs_fte_ck" CHECK ("planning_needs"."fte" between 0 and 9999)
);
--> statement-breakpoint
ALTER TABLE "planning_needs" ADD CONSTRAINT "planning_needs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_needs" ADD CONSTRAINT "planning_needs_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_needs" ADD CONSTRAINT "planning_needs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_needs" ADD CONSTRAINT "planning_needs_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planning_needs_uq" ON "planning_needs" USING btree ("team_id","position_id","horizon");--> statement-breakpoint
CREATE INDEX "planning_needs_account_cluster_idx" ON "planning_needs" USING btree ("account_id","cluster_id");