DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "password_reset_requests" CASCADE;