CREATE TABLE "section_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"texts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
