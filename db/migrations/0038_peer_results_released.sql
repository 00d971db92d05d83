ALTER TABLE "review_peer_assignments" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
-- Results already shown before decision 1430 (finished peers at or over the threshold) count as released.
UPDATE "review_peer_assignments" a SET "released_at" = a."finished_at"
WHERE a."role" = 'peer' AND a."finished_at" IS NOT NULL
  AND (SELECT count(*) FROM "review_peer_assignments" p
       WHERE p."subject_id" = a."subject_id" AND p."role" = 'peer' AND p."finished_at" IS NOT NULL)
      >= greatest(3, coalesce((SELECT s."peer_anonymity_threshold" FROM "review_settings" s
                               WHERE s."cluster_id" = a."cluster_id"), 3));
