CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"about_type" text,
	"about_id" uuid,
	"due_date" date,
	"seen_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_note_private_ck" CHECK ("tasks"."type" <> 'note' or "tasks"."sender_id" = "tasks"."receiver_id"),
	CONSTRAINT "tasks_about_ck" CHECK (("tasks"."about_type" is null) = ("tasks"."about_id" is null))
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_sender_id_memberships_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_receiver_id_memberships_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_receiver_idx" ON "tasks" USING btree ("receiver_id","archived_at","done");--> statement-breakpoint
CREATE INDEX "tasks_sender_idx" ON "tasks" USING btree ("sender_id","archived_at");--> statement-breakpoint
CREATE INDEX "tasks_account_cluster_idx" ON "tasks" USING btree ("account_id","cluster_id");