CREATE TABLE "review_peer_nominations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"nominee_id" uuid NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_peer_nominations_status_ck" CHECK ("review_peer_nominations"."status" in ('proposed', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "review_peer_assignments" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "review_peer_nominations" ADD CONSTRAINT "review_peer_nominations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_nominations" ADD CONSTRAINT "review_peer_nominations_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_nominations" ADD CONSTRAINT "review_peer_nominations_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_nominations" ADD CONSTRAINT "review_peer_nominations_subject_id_review_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."review_subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_nominations" ADD CONSTRAINT "review_peer_nominations_nominee_id_memberships_id_fk" FOREIGN KEY ("nominee_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_peer_nominations" ADD CONSTRAINT "review_peer_nominations_decided_by_memberships_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_peer_nominations_subject_nominee_uq" ON "review_peer_nominations" USING btree ("subject_id","nominee_id");--> statement-breakpoint
CREATE INDEX "review_peer_nominations_review_idx" ON "review_peer_nominations" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_peer_nominations_nominee_idx" ON "review_peer_nominations" USING btree ("nominee_id");--> statement-breakpoint
ALTER TABLE "review_peer_assignments" ADD CONSTRAINT "review_peer_assignments_comment_ck" CHECK (char_length("review_peer_assignments"."comment") <= 2000);