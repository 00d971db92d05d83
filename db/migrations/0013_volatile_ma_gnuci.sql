ALTER TABLE "review_criteria" DROP CONSTRAINT "review_criteria_review_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "review_criteria" DROP CONSTRAINT "review_criteria_criterion_id_criteria_id_fk";
--> statement-breakpoint
ALTER TABLE "review_reviewers" DROP CONSTRAINT "review_reviewers_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "review_reviewers" DROP CONSTRAINT "review_reviewers_cluster_id_clusters_id_fk";
--> statement-breakpoint
ALTER TABLE "review_reviewers" DROP CONSTRAINT "review_reviewers_review_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "review_reviewers" DROP CONSTRAINT "review_reviewers_membership_id_memberships_id_fk";
--> statement-breakpoint
ALTER TABLE "review_scores" DROP CONSTRAINT "review_scores_subject_id_review_subjects_id_fk";
--> statement-breakpoint
ALTER TABLE "review_scores" DROP CONSTRAINT "review_scores_criterion_id_criteria_id_fk";
--> statement-breakpoint
ALTER TABLE "review_scores" DROP CONSTRAINT "review_scores_review_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "review_subjects" DROP CONSTRAINT "review_subjects_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "review_subjects" DROP CONSTRAINT "review_subjects_cluster_id_clusters_id_fk";
--> statement-breakpoint
ALTER TABLE "review_subjects" DROP CONSTRAINT "review_subjects_review_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "review_subjects" DROP CONSTRAINT "review_subjects_round_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "review_subjects" DROP CONSTRAINT "review_subjects_membership_id_memberships_id_fk";
--> statement-breakpoint
ALTER TABLE "review_tags" DROP CONSTRAINT "review_tags_review_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "review_tags" DROP CONSTRAINT "review_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "review_team_stats" DROP CONSTRAINT "review_team_stats_review_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "review_team_stats" DROP CONSTRAINT "review_team_stats_round_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_cluster_id_clusters_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_parent_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_set_id_criteria_sets_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "review_criteria" ADD CONSTRAINT "review_criteria_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_criteria" ADD CONSTRAINT "review_criteria_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_subject_id_review_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."review_subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_round_id_reviews_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_subjects" ADD CONSTRAINT "review_subjects_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tags" ADD CONSTRAINT "review_tags_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tags" ADD CONSTRAINT "review_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_team_stats" ADD CONSTRAINT "review_team_stats_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_team_stats" ADD CONSTRAINT "review_team_stats_round_id_reviews_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_parent_id_reviews_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."reviews"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_set_id_criteria_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."criteria_sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;