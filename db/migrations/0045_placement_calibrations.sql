CREATE TABLE "placement_calibrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"from_role" smallint,
	"to_role" smallint NOT NULL,
	"reason" text NOT NULL,
	"moved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_calibrations_role_ck" CHECK ("placement_calibrations"."to_role" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "review_subjects" ADD COLUMN "calibrated_role" smallint;--> statement-breakpoint
ALTER TABLE "placement_calibrations" ADD CONSTRAINT "placement_calibrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_calibrations" ADD CONSTRAINT "placement_calibrations_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_calibrations" ADD CONSTRAINT "placement_calibrations_subject_id_review_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."review_subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_calibrations" ADD CONSTRAINT "placement_calibrations_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_calibrations" ADD CONSTRAINT "placement_calibrations_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_calibrations" ADD CONSTRAINT "placement_calibrations_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placement_calibrations_subject_idx" ON "placement_calibrations" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "placement_calibrations_membership_idx" ON "placement_calibrations" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "placement_calibrations_account_cluster_idx" ON "placement_calibrations" USING btree ("account_id","cluster_id");