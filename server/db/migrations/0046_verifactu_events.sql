CREATE TABLE "verifactu_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"fields" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"previous_fingerprint" text,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_events_position_unique" UNIQUE("position"),
	CONSTRAINT "verifactu_events_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
-- An event of VeriFactu's event log, like a billing record, is never changed nor removed: the database refuses it, whoever asks.
CREATE FUNCTION "verifactu_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'VeriFactu events are never changed once made';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "verifactu_events_immutable" BEFORE UPDATE OR DELETE ON "verifactu_events" FOR EACH ROW EXECUTE FUNCTION "verifactu_events_refuse_change"();
