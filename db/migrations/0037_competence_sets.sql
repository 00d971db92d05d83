CREATE TABLE "competence_set_items" (
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"set_id" uuid NOT NULL,
	"competence_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	CONSTRAINT "competence_set_items_set_id_competence_id_pk" PRIMARY KEY("set_id","competence_id"),
	CONSTRAINT "competence_set_items_level_ck" CHECK ("competence_set_items"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "competence_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competence_set_items" ADD CONSTRAINT "competence_set_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_set_items" ADD CONSTRAINT "competence_set_items_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_set_items" ADD CONSTRAINT "competence_set_items_set_id_competence_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."competence_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_set_items" ADD CONSTRAINT "competence_set_items_competence_id_competences_id_fk" FOREIGN KEY ("competence_id") REFERENCES "public"."competences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_sets" ADD CONSTRAINT "competence_sets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_sets" ADD CONSTRAINT "competence_sets_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competence_set_items_competence_idx" ON "competence_set_items" USING btree ("competence_id");--> statement-breakpoint
CREATE INDEX "competence_set_items_cluster_idx" ON "competence_set_items" USING btree ("account_id","cluster_id");--> statement-breakpoint
CREATE INDEX "competence_sets_account_cluster_idx" ON "competence_sets" USING btree ("account_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competence_sets_cluster_name_uq" ON "competence_sets" USING btree ("cluster_id",lower("name"));