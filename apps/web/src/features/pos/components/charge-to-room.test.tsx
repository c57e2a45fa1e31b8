import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Ticket } from "@app/shared/pos/cart";
import type { Business } from "@app/shared/businesses/business";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../test/test-api.ts";
import { ChargeToRoom } from "./charge-to-room.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const HOTEL: Business = { ...BUSINESS_A, businessType: "hotel" };
const BOOKING = "66666666-6666-4666-8666-666666666666";
const ticket = {
  ticketId: "77777777-7777-4777-8777-777777777777",
  section: null,
  table: null,
  total: 70000,
  products: [{ productId: "44444444-4444-4444-8444-444444444444", quantity: 2, totalPrice: 70000 }],
} as unknown as Ticket;

function show(business: Business = HOTEL, channel: "retail" | "wholesale" = "retail") {
  const onSold = vi.fn();
  render(
    <Provider store={ownerStore(business)}>
      <ChargeToRoom channel={channel} businessId={business._id} ticket={ticket} onSold={onSold} onRefused={vi.fn()} />
    </Provider>,
  );
  return onSold;
}

describe("charge to room at the till", () => {
  it("is not there for shops, nor at the wholesale till", () => {
    const fetch = stubApi({});
    show(BUSINESS_A);
    expect(screen.queryByTestId("charge-to-room")).toBeNull();
    cleanup();
    show(HOTEL, "wholesale");
    expect(screen.queryByTestId("charge-to-room")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("lists the guests in their rooms and puts the ticket on the chosen guest's bill", async () => {
    const sale = saleOf(HOTEL._id, { paymentMethod: "Room" });
    const fetch = stubApi({
      "GET /api/bookings/inhouse": () => [{ bookingId: BOOKING, roomName: "101", guestName: "Amina" }],
      [`POST /api/bookings/${BOOKING}/roomcharge`]: () => ({ __status: 201, ...sale }),
    });
    const onSold = show();
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Guest's room" }));
    fireEvent.click(await screen.findByRole("option", { name: "Room 101 · Amina" }));
    fireEvent.click(screen.getByRole("button", { name: "Charge to room" }));
    await waitFor(() => expect(onSold).toHaveBeenCalledWith(expect.objectContaining({ _id: sale._id })));
    const post = fetch.mock.calls.map(([r]) => r as Request).find((r) => r.method === "POST")!;
    expect(post.headers.get("idempotency-key")).toBeTruthy();
    expect(await post.json()).toEqual({
      products: [{ productId: "44444444-4444-4444-8444-444444444444", quantity: 2 }],
      expectedTotal: 70000,
      ticketId: ticket.ticketId,
    });
  });
});
