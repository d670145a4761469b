DROP INDEX "negative_list_items_list_text_idx";--> statement-breakpoint
ALTER TABLE "negative_list_items" ADD COLUMN "ad_group" text;--> statement-breakpoint
CREATE UNIQUE INDEX "negative_list_items_list_text_level_idx" ON "negative_list_items" USING btree ("list_id","normalized","match_type",lower(coalesce("ad_group", '')));