CREATE TABLE "negative_list_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "negative_list_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"list_id" bigint NOT NULL,
	"text" text NOT NULL,
	"normalized" text NOT NULL,
	"match_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negative_list_items_match_type_check" CHECK ("negative_list_items"."match_type" in ('exact', 'phrase'))
);
--> statement-breakpoint
CREATE TABLE "negative_lists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "negative_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "negative_list_items" ADD CONSTRAINT "negative_list_items_list_id_negative_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."negative_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negative_lists" ADD CONSTRAINT "negative_lists_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negative_lists" ADD CONSTRAINT "negative_lists_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "negative_list_items_list_text_idx" ON "negative_list_items" USING btree ("list_id","normalized","match_type");--> statement-breakpoint
CREATE UNIQUE INDEX "negative_lists_project_name_idx" ON "negative_lists" USING btree ("project_id",lower("name"));