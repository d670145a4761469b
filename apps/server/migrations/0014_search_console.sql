CREATE TABLE "search_console_connections" (
	"user_id" text PRIMARY KEY NOT NULL,
	"refresh_token" "bytea" NOT NULL,
	"access_token" "bytea" NOT NULL,
	"access_token_expires_at" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_console_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"user_id" text,
	"source" text NOT NULL,
	"site_url" text,
	"status" text DEFAULT 'running' NOT NULL,
	"start_date" date,
	"end_date" date,
	"rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_console_projects" (
	"project_id" bigint PRIMARY KEY NOT NULL,
	"site_url" text,
	"linked_by" text,
	"linked_at" timestamp with time zone,
	"current_import_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_console_queries" (
	"import_id" bigint NOT NULL,
	"query" text NOT NULL,
	"normalized" text NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"ctr" double precision NOT NULL,
	"position" double precision NOT NULL,
	"page" text,
	CONSTRAINT "search_console_queries_import_id_normalized_pk" PRIMARY KEY("import_id","normalized")
);
--> statement-breakpoint
ALTER TABLE "search_console_connections" ADD CONSTRAINT "search_console_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_imports" ADD CONSTRAINT "search_console_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_imports" ADD CONSTRAINT "search_console_imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_projects" ADD CONSTRAINT "search_console_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_projects" ADD CONSTRAINT "search_console_projects_linked_by_user_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_queries" ADD CONSTRAINT "search_console_queries_import_id_search_console_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."search_console_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_console_imports_project_idx" ON "search_console_imports" USING btree ("project_id","id" desc);--> statement-breakpoint
CREATE INDEX "search_console_queries_impressions_idx" ON "search_console_queries" USING btree ("import_id","impressions" desc);