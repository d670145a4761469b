-- A project's brand (empty: its name) and chosen currency (empty: its country's); the currency of cached bids
-- (null: not known, as for every row stored before this migration).
ALTER TABLE "projects" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "keyword_metrics" ADD COLUMN "currency" text;