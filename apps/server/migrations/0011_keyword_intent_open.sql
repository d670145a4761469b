-- Whether the rules left a keyword's intent open (no rule spoke; a default was chosen), so the language model,
-- when configured, reads it (modules/keywords/open-intents.ts). Null until told apart: the rules are TypeScript,
-- so the rows stored before this migration are told apart by that pass, and only when a model is configured.
ALTER TABLE "keywords" ADD COLUMN "intent_open" boolean;--> statement-breakpoint
CREATE INDEX "keywords_intent_open_idx" ON "keywords" USING btree ("project_id") WHERE "keywords"."intent_open" is not false;