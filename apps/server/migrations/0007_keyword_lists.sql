CREATE TABLE "keyword_list_items" (
	"list_id" bigint NOT NULL,
	"keyword_id" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_list_items_list_id_keyword_id_pk" PRIMARY KEY("list_id","keyword_id")
);
--> statement-breakpoint
CREATE TABLE "keyword_lists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "keyword_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"project_id" bigint,
	"name" text NOT NULL,
	"keywords_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keyword_list_items" ADD CONSTRAINT "keyword_list_items_list_id_keyword_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."keyword_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_list_items" ADD CONSTRAINT "keyword_list_items_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_lists" ADD CONSTRAINT "keyword_lists_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_lists" ADD CONSTRAINT "keyword_lists_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keyword_list_items_keyword_idx" ON "keyword_list_items" USING btree ("keyword_id");--> statement-breakpoint
CREATE INDEX "keyword_list_items_list_added_idx" ON "keyword_list_items" USING btree ("list_id","added_at","keyword_id");--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_lists_owner_name_idx" ON "keyword_lists" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "keyword_lists_project_idx" ON "keyword_lists" USING btree ("project_id") WHERE "keyword_lists"."project_id" is not null;--> statement-breakpoint
-- keyword_lists.keywords_count follows inserts and deletes on keyword_list_items, one update per statement;
-- deletes cascaded from a keyword, a project or the list itself count too.
CREATE FUNCTION keyword_list_count_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE keyword_lists l SET keywords_count = l.keywords_count + n.c
  FROM (SELECT list_id, count(*) AS c FROM new_rows GROUP BY list_id) n
  WHERE l.id = n.list_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION keyword_list_count_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE keyword_lists l SET keywords_count = greatest(l.keywords_count - o.c, 0)
  FROM (SELECT list_id, count(*) AS c FROM old_rows GROUP BY list_id) o
  WHERE l.id = o.list_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER keyword_list_count_insert AFTER INSERT ON keyword_list_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keyword_list_count_on_insert();
--> statement-breakpoint
CREATE TRIGGER keyword_list_count_delete AFTER DELETE ON keyword_list_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keyword_list_count_on_delete();
