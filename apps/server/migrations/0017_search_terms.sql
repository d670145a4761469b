CREATE TABLE "search_terms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" bigint NOT NULL,
	"term" text NOT NULL,
	"normalized" text NOT NULL,
	"match_type" text,
	"status" text,
	"campaign" text,
	"ad_group" text,
	"keyword" text,
	"clicks" bigint,
	"impressions" bigint,
	"ctr" double precision,
	"cost" double precision,
	"avg_cpc" double precision,
	"conversions" double precision,
	"conv_value" double precision,
	"cost_per_conv" double precision
);
--> statement-breakpoint
CREATE TABLE "search_terms_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_terms_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"user_id" text,
	"start_date" date,
	"end_date" date,
	"currency" text,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_import_id_search_terms_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."search_terms_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_terms_imports" ADD CONSTRAINT "search_terms_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_terms_imports" ADD CONSTRAINT "search_terms_imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_terms_cost_idx" ON "search_terms" USING btree ("import_id","cost" desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "search_terms_clicks_idx" ON "search_terms" USING btree ("import_id","clicks" desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "search_terms_impressions_idx" ON "search_terms" USING btree ("import_id","impressions" desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "search_terms_conversions_idx" ON "search_terms" USING btree ("import_id","conversions" desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "search_terms_normalized_idx" ON "search_terms" USING btree ("import_id","normalized","id");--> statement-breakpoint
CREATE INDEX "search_terms_imports_project_idx" ON "search_terms_imports" USING btree ("project_id","id" desc);