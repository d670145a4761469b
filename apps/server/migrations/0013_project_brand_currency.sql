-- A project's brand (empty: its name) and chosen currency (empty: its country's); the currency of cached bids
-- (null: not known, as for Google Ads figures and Keyword Planner imports stored before this migration).
ALTER TABLE "projects" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "keyword_metrics" ADD COLUMN "currency" text;--> statement-breakpoint
-- Estimates stored before were made in US dollars.
UPDATE "keyword_metrics" SET "currency" = 'USD' WHERE "provider" = 'estimate';
