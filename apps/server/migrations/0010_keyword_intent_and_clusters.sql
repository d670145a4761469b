-- btree_gin lets one GIN index hold a project's keywords by intent, so `project_id = $1 and intent && $2`
-- reads only that project's matching entries (a trusted extension, shipped with PostgreSQL's contrib).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "keyword_cluster_sets" (
	"project_id" bigint NOT NULL,
	"tightness" text NOT NULL,
	"version" bigint,
	"facts" text DEFAULT '' NOT NULL,
	"job_version" bigint,
	"job_attempts" integer DEFAULT 0 NOT NULL,
	"job_token" text,
	"job_progress" smallint DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"enqueued_at" timestamp with time zone,
	"failed_version" bigint,
	"edits" jsonb DEFAULT '{"names":{},"merges":{},"pins":{}}'::jsonb NOT NULL,
	CONSTRAINT "keyword_cluster_sets_project_id_tightness_pk" PRIMARY KEY("project_id","tightness")
);
--> statement-breakpoint
CREATE TABLE "keyword_clusters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "keyword_clusters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"tightness" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"keyword_ids" bigint[] NOT NULL
);
--> statement-breakpoint
-- Null until read: the rules are TypeScript, so the rows stored before this migration are read by the
-- intent filler the server runs after start-up (modules/keywords/intent-filler.ts), a project at a time.
ALTER TABLE "keywords" ADD COLUMN "intent" text[];--> statement-breakpoint
ALTER TABLE "keyword_cluster_sets" ADD CONSTRAINT "keyword_cluster_sets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_clusters" ADD CONSTRAINT "keyword_clusters_set_fk" FOREIGN KEY ("project_id","tightness") REFERENCES "public"."keyword_cluster_sets"("project_id","tightness") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_clusters_set_key_idx" ON "keyword_clusters" USING btree ("project_id","tightness","key");--> statement-breakpoint
CREATE INDEX "keywords_project_intent_idx" ON "keywords" USING gin ("project_id","intent");--> statement-breakpoint
CREATE INDEX "keywords_intent_unknown_idx" ON "keywords" USING btree ("project_id") WHERE "keywords"."intent" is null;