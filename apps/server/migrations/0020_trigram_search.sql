-- pg_trgm lets a GIN index serve `normalized like '%…%'` (a text search), btree_gin (0010) keeps each
-- project's or import's entries together (trusted extensions, shipped with PostgreSQL's contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "keywords_project_normalized_trgm_idx" ON "keywords" USING gin ("project_id","normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_console_queries_normalized_trgm_idx" ON "search_console_queries" USING gin ("import_id","normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_normalized_trgm_idx" ON "search_terms" USING gin ("import_id","normalized" gin_trgm_ops);