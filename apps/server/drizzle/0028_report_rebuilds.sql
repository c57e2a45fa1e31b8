CREATE TABLE "report_rebuilds" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_rebuilds" ADD CONSTRAINT "report_rebuilds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 29: the rollups are rebuilt by a job, not by the read. A marked day also notifies
-- `report_dirty_days` with its business; PostgreSQL delivers it only when the writing
-- transaction commits (and once per business per transaction), so the job runner queues one
-- rebuild after the commit (modules/reports/reports.jobs.ts).
CREATE OR REPLACE FUNCTION report_mark_day(b uuid, t timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  d := (t AT TIME ZONE coalesce((SELECT time_zone FROM businesses WHERE id = b), 'Africa/Nairobi'))::date;
  INSERT INTO report_dirty_days (business_id, day) VALUES (b, d) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM report_dirty_days WHERE business_id = b AND day = d FOR SHARE;
  PERFORM pg_notify('report_dirty_days', b::text);
END $$;
