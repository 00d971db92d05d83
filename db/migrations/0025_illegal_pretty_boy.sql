CREATE TABLE "ambitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"position_id" uuid,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ambitions_role_len_ck" CHECK (char_length("ambitions"."role") <= 200),
	CONSTRAINT "ambitions_text_len_ck" CHECK (char_length("ambitions"."text") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "ambitions" ADD CONSTRAINT "ambitions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambitions" ADD CONSTRAINT "ambitions_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambitions" ADD CONSTRAINT "ambitions_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambitions" ADD CONSTRAINT "ambitions_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ambitions_membership_uq" ON "ambitions" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "ambitions_account_cluster_idx" ON "ambitions" USING btree ("account_id","cluster_id");