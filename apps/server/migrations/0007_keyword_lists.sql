CREATE TABLE "keyword_list_items" (
	"list_id" bigint NOT NULL,
	"keyword_id" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_list_items_list_id_keyword_id_pk" PRIMARY KEY("list_id","keyword_id")
);
--> statement-breakpoint
CREATE TABLE "keyword_list_versions" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
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
--> statement-breakpoint
-- Every change to what an owner's keyword lists show in the lists page bumps the owner's version.
CREATE FUNCTION bump_keyword_list_versions(owner_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO keyword_list_versions AS v (owner_id, version)
  SELECT DISTINCT unnest(owner_ids), 1
  ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION keyword_list_versions_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_keyword_list_versions(ARRAY(SELECT user_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION keyword_list_versions_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_keyword_list_versions(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION keyword_list_versions_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_keyword_list_versions(ARRAY(SELECT user_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Keyword counts are kept on keyword_lists and a deleted project unlinks its lists there: both are updates.
CREATE TRIGGER keyword_list_versions_insert AFTER INSERT ON keyword_lists
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keyword_list_versions_on_insert();
--> statement-breakpoint
CREATE TRIGGER keyword_list_versions_update AFTER UPDATE ON keyword_lists
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keyword_list_versions_on_update();
--> statement-breakpoint
CREATE TRIGGER keyword_list_versions_delete AFTER DELETE ON keyword_lists
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keyword_list_versions_on_delete();
--> statement-breakpoint
-- The lists page shows the name of each list's project.
CREATE FUNCTION keyword_list_versions_on_project_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_keyword_list_versions(ARRAY(SELECT user_id FROM keyword_lists WHERE project_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER keyword_list_versions_project_rename AFTER UPDATE OF name ON projects
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION keyword_list_versions_on_project_rename();
--> statement-breakpoint
-- And its owner's e-mail.
CREATE FUNCTION keyword_list_versions_on_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_keyword_list_versions(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER keyword_list_versions_email AFTER UPDATE OF email ON "user"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION keyword_list_versions_on_email();
