CREATE TABLE "competence_tags" (
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"competence_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competence_tags_competence_id_tag_id_pk" PRIMARY KEY("competence_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "competence_tags" ADD CONSTRAINT "competence_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_tags" ADD CONSTRAINT "competence_tags_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_tags" ADD CONSTRAINT "competence_tags_competence_id_competences_id_fk" FOREIGN KEY ("competence_id") REFERENCES "public"."competences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competence_tags" ADD CONSTRAINT "competence_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competence_tags_tag_idx" ON "competence_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "competence_tags_cluster_idx" ON "competence_tags" USING btree ("account_id","cluster_id");