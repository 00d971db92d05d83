CREATE TABLE "competence_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"competence_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"given_by" uuid,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "competence_scores_level_ck" CHECK ("competence_scores"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "competences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source_key" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_competences" (
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"competence_id" uuid NOT NULL,
	"required_level" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "position_competences_position_id_competence_id_pk" PRIMARY KEY("position_id","competence_id"),
	CONSTRAINT "position_competences_level_ck" CHECK ("position_competences"."required_level" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "competence_scores" ADD CONSTRAINT "competence_scores_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_scores" ADD CONSTRAINT "competence_scores_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_scores" ADD CONSTRAINT "competence_scores_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_scores" ADD CONSTRAINT "competence_scores_competence_id_competences_id_fk" FOREIGN KEY ("competence_id") REFERENCES "public"."competences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_scores" ADD CONSTRAINT "competence_scores_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competences" ADD CONSTRAINT "competences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competences" ADD CONSTRAINT "competences_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_competences" ADD CONSTRAINT "position_competences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_competences" ADD CONSTRAINT "position_competences_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_competences" ADD CONSTRAINT "position_competences_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_competences" ADD CONSTRAINT "position_competences_competence_id_competences_id_fk" FOREIGN KEY ("competence_id") REFERENCES "public"."competences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competence_scores_cluster_idx" ON "competence_scores" USING btree ("account_id","cluster_id");--> statement-breakpoint
CREATE INDEX "competence_scores_membership_idx" ON "competence_scores" USING btree ("membership_id","competence_id","given_at");--> statement-breakpoint
CREATE UNIQUE INDEX "competence_scores_current_uq" ON "competence_scores" USING btree ("membership_id","competence_id") WHERE "competence_scores"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "competences_account_cluster_idx" ON "competences" USING btree ("account_id","cluster_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "competences_cluster_name_uq" ON "competences" USING btree ("cluster_id",lower("name"));--> statement-breakpoint
CREATE INDEX "position_competences_cluster_idx" ON "position_competences" USING btree ("account_id","cluster_id");--> statement-breakpoint
CREATE INDEX "position_competences_competence_idx" ON "position_competences" USING btree ("competence_id");