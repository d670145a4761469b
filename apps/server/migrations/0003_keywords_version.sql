ALTER TABLE "projects" ADD COLUMN "keywords_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION keywords_count_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects p SET keywords_count = p.keywords_count + n.c, keywords_version = p.keywords_version + 1
  FROM (SELECT project_id, count(*) AS c FROM new_rows GROUP BY project_id) n
  WHERE p.id = n.project_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keywords_count_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects p SET keywords_count = greatest(p.keywords_count - o.c, 0), keywords_version = p.keywords_version + 1
  FROM (SELECT project_id, count(*) AS c FROM old_rows GROUP BY project_id) o
  WHERE p.id = o.project_id;
  RETURN NULL;
END $$;
