-- No double booking, enforced by PostgreSQL: two live bookings (booked or checked in) of one room
-- never share a night. A stay holds the nights [check_in, check_out). btree_gist lets the GiST
-- index compare business_id and room_id with =; it ships with PostgreSQL (contrib), in the
-- embedded PostgreSQL 18 package and in Debian's PostgreSQL 15 alike.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_double_booking" EXCLUDE USING gist (
  "business_id" WITH =,
  "room_id" WITH =,
  daterange("check_in", "check_out", '[)') WITH &&
) WHERE ("status" IN ('booked', 'checkedIn'));
