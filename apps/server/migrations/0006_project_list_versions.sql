CREATE TABLE "project_list_versions" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every change to what an owner's projects show in a list bumps the owner's version.
CREATE FUNCTION bump_project_list_versions(owner_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO project_list_versions AS v (owner_id, version)
  SELECT DISTINCT unnest(owner_ids), 1
  ON CONFLICT (owner_id) DO UPDATE SET version = v.version + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION project_list_versions_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_project_list_versions(ARRAY(SELECT user_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION project_list_versions_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_project_list_versions(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION project_list_versions_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_project_list_versions(ARRAY(SELECT user_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_list_versions_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_list_versions_on_insert();
--> statement-breakpoint
CREATE TRIGGER project_list_versions_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_list_versions_on_update();
--> statement-breakpoint
CREATE TRIGGER project_list_versions_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_list_versions_on_delete();
--> statement-breakpoint
-- The list shows the owner's e-mail.
CREATE FUNCTION project_list_versions_on_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_project_list_versions(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_list_versions_email AFTER UPDATE OF email ON "user"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION project_list_versions_on_email();
--> statement-breakpoint
INSERT INTO project_list_versions (owner_id, version) SELECT DISTINCT user_id, 1 FROM projects;
