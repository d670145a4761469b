ALTER TABLE "search_console_imports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_console_imports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_console_imports" ADD COLUMN "page_rows" integer;--> statement-breakpoint
ALTER TABLE "search_console_queries" ADD COLUMN "page_impressions" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "search_console_imports_one_fetch_idx" ON "search_console_imports" USING btree ("project_id") WHERE "search_console_imports"."status" = 'running' and "search_console_imports"."source" = 'api';