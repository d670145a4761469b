CREATE TABLE "keyword_metrics" (
	"provider" text NOT NULL,
	"geo" text NOT NULL,
	"language" text NOT NULL,
	"keyword" text NOT NULL,
	"avg_monthly_searches" bigint,
	"competition" text,
	"competition_index" smallint,
	"low_bid_micros" bigint,
	"high_bid_micros" bigint,
	"monthly_volumes" jsonb,
	"difficulty" smallint,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_metrics_provider_geo_language_keyword_pk" PRIMARY KEY("provider","geo","language","keyword")
);
--> statement-breakpoint
CREATE INDEX "keyword_metrics_fetched_idx" ON "keyword_metrics" USING btree ("fetched_at");