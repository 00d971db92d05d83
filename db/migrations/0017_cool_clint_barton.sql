CREATE TABLE "flow_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"measurement_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"share_percent" smallint NOT NULL,
	"capability" smallint NOT NULL,
	"challenge" smallint NOT NULL,
	"energy" smallint NOT NULL,
	"skills" smallint NOT NULL,
	CONSTRAINT "flow_activities_share_ck" CHECK ("flow_activities"."share_percent" between 1 and 100),
	CONSTRAINT "flow_activities_scores_ck" CHECK (least("flow_activities"."capability", "flow_activities"."challenge", "flow_activities"."energy", "flow_activities"."skills") >= 1 and greatest("flow_activities"."capability", "flow_activities"."challenge", "flow_activities"."energy", "flow_activities"."skills") <= 10)
);
--> statement-breakpoint
CREATE TABLE "flow_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scale_max" smallint NOT NULL,
	"flow_band" smallint NOT NULL,
	"stress_band" smallint NOT NULL,
	CONSTRAINT "flow_measurements_scale_ck" CHECK ("flow_measurements"."scale_max" between 4 and 10),
	CONSTRAINT "flow_measurements_bands_ck" CHECK (0 <= "flow_measurements"."flow_band" and "flow_measurements"."flow_band" < "flow_measurements"."stress_band")
);
--> statement-breakpoint
ALTER TABLE "flow_activities" ADD CONSTRAINT "flow_activities_measurement_id_flow_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."flow_measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_measurements" ADD CONSTRAINT "flow_measurements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_measurements" ADD CONSTRAINT "flow_measurements_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_measurements" ADD CONSTRAINT "flow_measurements_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_measurements" ADD CONSTRAINT "flow_measurements_created_by_memberships_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_activities_measurement_idx" ON "flow_activities" USING btree ("measurement_id","position");--> statement-breakpoint
CREATE INDEX "flow_measurements_person_idx" ON "flow_measurements" USING btree ("account_id","cluster_id","membership_id","created_at");--> statement-breakpoint
-- Employees measure their own flow (docs/decisions/0921): existing clusters get the right new clusters get by default.
INSERT INTO "role_rights" ("account_id", "cluster_id", "role_key", "right_key")
SELECT "account_id", "id", 'employee', 'flows.manage' FROM "clusters" ON CONFLICT DO NOTHING;
