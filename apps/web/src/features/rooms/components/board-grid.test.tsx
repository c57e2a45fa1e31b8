import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Board } from "@app/shared/rooms/booking";
import { BoardGrid } from "./board-grid.tsx";

afterEach(cleanup);

const room = (id: string, name: string) => ({ _id: id, name, status: "available" as const, roomType: "Standard" });
const stay = (id: string, roomId: string, guestName: string, checkIn: string, checkOut: string) => ({
  _id: id,
  roomId,
  roomName: "",
  guestName,
  guests: 1,
  checkIn,
  checkOut,
  status: "booked" as const,
  balance: 0,
});
const A = "11111111-1111-4111-8111-000000000001";
const B = "11111111-1111-4111-8111-000000000002";

describe("the front desk board", () => {
  it("puts each stay over its nights, clipped to the days shown, on its room's row", () => {
    const board: Board = {
      from: "2026-06-01",
      days: 7,
      today: "2026-06-02",
      rooms: [room(A, "101"), room(B, "102")],
      bookings: [
        stay("22222222-2222-4222-8222-000000000001", A, "Amina", "2026-06-02", "2026-06-04"),
        stay("22222222-2222-4222-8222-000000000002", B, "Before", "2026-05-28", "2026-06-03"),
        stay("22222222-2222-4222-8222-000000000003", B, "After", "2026-06-06", "2026-06-20"),
      ],
      arrivals: [],
      departures: [],
    };
    render(
      <MemoryRouter>
        <BoardGrid board={board} onBook={() => undefined} />
      </MemoryRouter>,
    );
    const bar = (name: string) => screen.getByText(name).closest("a")!;
    const column = (name: string) => getComputedStyle(bar(name)).gridColumn.replace(/\s/g, "");
    // Column 1 is the room names: day i is column i + 2.
    expect(column("Amina")).toBe("3/5");
    expect(column("Before")).toBe("2/4");
    expect(column("After")).toBe("7/9");
    expect(getComputedStyle(bar("Amina")).gridRow).toBe("2");
    expect(getComputedStyle(bar("Before")).gridRow).toBe("3");
    expect(bar("Amina").getAttribute("href")).toBe("/booking/singlebooking/22222222-2222-4222-8222-000000000001");
    expect(screen.getAllByRole("columnheader")).toHaveLength(7);
  });
});
