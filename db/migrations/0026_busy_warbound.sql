CREATE TABLE "team_goal_reviews" (
	"account_id" uuid NOT NULL,
	"cluster_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_goal_reviews_goal_id_review_id_pk" PRIMARY KEY("goal_id","review_id")
);
--> statement-breakpoint
ALTER TABLE "ambitions" ADD COLUMN "competence_id" uuid;--> statement-breakpoint
ALTER TABLE "team_goal_reviews" ADD CONSTRAINT "team_goal_reviews_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_goal_reviews" ADD CONSTRAINT "team_goal_reviews_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_goal_reviews" ADD CONSTRAINT "team_goal_reviews_goal_id_team_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."team_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_goal_reviews" ADD CONSTRAINT "team_goal_reviews_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_goal_reviews_review_idx" ON "team_goal_reviews" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "team_goal_reviews_cluster_idx" ON "team_goal_reviews" USING btree ("account_id","cluster_id");--> statement-breakpoint
ALTER TABLE "ambitions" ADD CONSTRAINT "ambitions_competence_id_competences_id_fk" FOREIGN KEY ("competence_id") REFERENCES "public"."competences"("id") ON DELETE set null ON UPDATE no action;