CREATE TABLE "news_translations" (
	"news_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "news_translations_news_id_language_pk" PRIMARY KEY("news_id","language")
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news_translations" ADD CONSTRAINT "news_translations_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every article written so far was written in Spanish; its last change is taken to be its publication.
INSERT INTO "news_translations" ("news_id", "language", "title", "content") SELECT "id", 'es', "title", "content" FROM "news";--> statement-breakpoint
UPDATE "news" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "news" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "news" DROP COLUMN "content";