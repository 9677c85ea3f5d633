CREATE TABLE "public_content" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
