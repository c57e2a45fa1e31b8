import { describe, expect, it } from "vitest";
import { takenNights } from "./booking.ts";

// Issue 33, item 7: the booking form's date picker excludes the nights a room is already taken.
const room = { _id: "r1" };
const other = { _id: "r2" };
const b = (
  id: string,
  status: "booked" | "checkedIn" | "checkedOut" | "cancelled",
  checkIn: string,
  checkOut: string,
  r = room,
) => ({
  _id: id,
  status,
  checkIn,
  checkOut,
  room: r,
});

describe("takenNights", () => {
  it("lists each night of the room's live bookings, not their check-out day", () => {
    expect(
      takenNights(
        [b("a", "booked", "2026-03-01", "2026-03-03"), b("c", "checkedIn", "2026-02-27", "2026-02-28")],
        "r1",
      ),
    ).toEqual(["2026-02-27", "2026-03-01", "2026-03-02"]);
  });

  it("leaves out cancelled and checked-out stays, other rooms, and the booking being changed", () => {
    expect(
      takenNights(
        [
          b("a", "cancelled", "2026-03-01", "2026-03-03"),
          b("b", "checkedOut", "2026-03-05", "2026-03-08"),
          b("c", "booked", "2026-03-10", "2026-03-11", other),
          b("d", "booked", "2026-03-12", "2026-03-14"),
        ],
        "r1",
        "d",
      ),
    ).toEqual([]);
  });
});
