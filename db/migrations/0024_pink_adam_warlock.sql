CREATE TABLE "digests_sent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"frequency" text NOT NULL,
	"email_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_mails" (
	"task_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digests_sent" ADD CONSTRAINT "digests_sent_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digests_sent" ADD CONSTRAINT "digests_sent_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digests_sent" ADD CONSTRAINT "digests_sent_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digests_sent" ADD CONSTRAINT "digests_sent_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_mails" ADD CONSTRAINT "task_mails_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_mails" ADD CONSTRAINT "task_mails_receiver_id_memberships_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_mails" ADD CONSTRAINT "task_mails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_mails" ADD CONSTRAINT "task_mails_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digests_sent_membership_period_uq" ON "digests_sent" USING btree ("membership_id","period_start");--> statement-breakpoint
CREATE INDEX "digests_sent_account_cluster_idx" ON "digests_sent" USING btree ("account_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_mails_task_receiver_uq" ON "task_mails" USING btree ("task_id","receiver_id");