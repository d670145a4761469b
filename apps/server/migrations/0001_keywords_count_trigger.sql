-- projects.keywords_count follows inserts and deletes on keywords, one update per statement.
CREATE FUNCTION keywords_count_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects p SET keywords_count = p.keywords_count + n.c
  FROM (SELECT project_id, count(*) AS c FROM new_rows GROUP BY project_id) n
  WHERE p.id = n.project_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION keywords_count_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects p SET keywords_count = greatest(p.keywords_count - o.c, 0)
  FROM (SELECT project_id, count(*) AS c FROM old_rows GROUP BY project_id) o
  WHERE p.id = o.project_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER keywords_count_insert AFTER INSERT ON keywords
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keywords_count_on_insert();
--> statement-breakpoint
CREATE TRIGGER keywords_count_delete AFTER DELETE ON keywords
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keywords_count_on_delete();
