-- A Keyword Planner file's figures belong to the project that imported it (0: a provider's, shared by the place).
-- Imports stored before this migration were kept for a whole place, visible to every project there; whose they were
-- is not known, so they are dropped (import the file again).
DELETE FROM "keyword_metrics" WHERE "provider" = 'keyword-planner';--> statement-breakpoint
ALTER TABLE "keyword_metrics" ADD COLUMN "project_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "keyword_metrics" DROP CONSTRAINT "keyword_metrics_provider_geo_language_keyword_pk";--> statement-breakpoint
ALTER TABLE "keyword_metrics" ADD CONSTRAINT "keyword_metrics_provider_geo_language_keyword_project_id_pk" PRIMARY KEY("provider","geo","language","keyword","project_id");
