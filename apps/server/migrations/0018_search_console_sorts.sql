CREATE INDEX "search_console_queries_clicks_idx" ON "search_console_queries" USING btree ("import_id","clicks" desc);--> statement-breakpoint
CREATE INDEX "search_console_queries_ctr_idx" ON "search_console_queries" USING btree ("import_id","ctr" desc);--> statement-breakpoint
CREATE INDEX "search_console_queries_position_idx" ON "search_console_queries" USING btree ("import_id","position");