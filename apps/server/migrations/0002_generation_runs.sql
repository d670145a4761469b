CREATE TABLE "generation_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"kind" text DEFAULT 'generate' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"params" jsonb NOT NULL,
	"error" text,
	"requested" integer NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"keywords_added" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"enqueued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_runs_project_idx" ON "generation_runs" USING btree ("project_id","id" desc);--> statement-breakpoint
CREATE INDEX "generation_runs_unfinished_idx" ON "generation_runs" USING btree ("status") WHERE "generation_runs"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "keywords_generation_idx" ON "keywords" USING btree ("generation_id") WHERE "keywords"."generation_id" is not null;