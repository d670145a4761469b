CREATE TABLE "keyword_cluster_routes" (
	"project_id" bigint NOT NULL,
	"tightness" text NOT NULL,
	"base_key" text NOT NULL,
	"target" text,
	"split" text,
	CONSTRAINT "keyword_cluster_routes_project_id_tightness_base_key_pk" PRIMARY KEY("project_id","tightness","base_key")
);
--> statement-breakpoint
ALTER TABLE "keyword_cluster_sets" ADD COLUMN "placed_keywords" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "keyword_clusters" ADD COLUMN "host_stems" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "keyword_cluster_routes" ADD CONSTRAINT "keyword_cluster_routes_set_fk" FOREIGN KEY ("project_id","tightness") REFERENCES "public"."keyword_cluster_sets"("project_id","tightness") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keyword_clusters_host_stems_idx" ON "keyword_clusters" USING gin ("host_stems");