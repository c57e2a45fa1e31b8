import { act, cleanup, render, renderHook, screen } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it } from "vitest";
import { addToTicket, emptyTicket, type Ticket } from "@app/shared/pos/cart";
import { displayChannelName, type DisplayMessage } from "@app/shared/pos/customer-display";
import type { Sale } from "@app/shared/sales/sale";
import { ownerStore } from "../../../test/test-api.ts";
import CustomerDisplayPage from "./customer-display-page.tsx";
import { useCustomerDisplay } from "./use-customer-display.ts";

afterEach(cleanup);

const sugar = { _id: "p1", name: "Sugar 1kg", sellingprice: 16_000, wholesalePrice: 0 };
const nextMessage = (ch: BroadcastChannel) =>
  new Promise<DisplayMessage>((resolve) => (ch.onmessage = (e: MessageEvent<DisplayMessage>) => resolve(e.data)));

describe("the customer display", () => {
  it("welcomes the customer until the till speaks, then shows the ticket, then the change", async () => {
    const store = ownerStore();
    const businessId = store.getState().business.current!._id;
    const till = new BroadcastChannel(displayChannelName(businessId));
    const hello = nextMessage(till);
    render(
      <Provider store={store}>
        <CustomerDisplayPage />
      </Provider>,
    );
    expect(await hello).toEqual({ kind: "hello" });
    expect(screen.getByText("Welcome")).toBeTruthy();
    expect(screen.getByText(/Waiting for the till/)).toBeTruthy();

    const ticket = addToTicket(emptyTicket("t"), sugar, "retail", 2);
    till.postMessage({
      kind: "ticket",
      businessName: "Duka la Mama",
      lines: [{ name: "Sugar 1kg", quantity: 2, unitPrice: 16_000, total: 32_000, listTotal: null }],
      discount: 0,
      total: ticket.total,
    } satisfies DisplayMessage);
    expect(await screen.findByText("Sugar 1kg")).toBeTruthy();
    expect(screen.getByTestId("display-total").textContent).toContain("320.00");

    till.postMessage({ kind: "paid", businessName: "Duka la Mama", total: 32_000, paid: 50_000, change: 18_000 });
    expect(await screen.findByText("Thank you!")).toBeTruthy();
    expect(screen.getByTestId("display-change").textContent).toContain("180.00");
    till.close();
  });

  it("the till tells a display what its ticket holds, answers one that opens later, and shows the change once sold", async () => {
    const display = new BroadcastChannel(displayChannelName("b1"));
    let ticket = addToTicket(emptyTicket("t"), sugar, "retail", 1);
    const first = nextMessage(display);
    const { rerender } = renderHook(
      ({ ticket, sold }: { ticket: Ticket; sold: Sale | null }) => useCustomerDisplay("b1", "Duka", ticket, sold),
      { initialProps: { ticket, sold: null as Sale | null } },
    );
    expect(await first).toMatchObject({ kind: "ticket", total: 16_000, lines: [{ quantity: 1 }] });
    ticket = addToTicket(ticket, sugar, "retail", 1);
    const changed = nextMessage(display);
    act(() => rerender({ ticket, sold: null }));
    expect(await changed).toMatchObject({ kind: "ticket", total: 32_000, lines: [{ quantity: 2 }] });
    const answer = nextMessage(display);
    display.postMessage({ kind: "hello" });
    expect(await answer).toMatchObject({ kind: "ticket", total: 32_000 });
    const paid = nextMessage(display);
    rerender({
      ticket: emptyTicket("t2"),
      sold: { amount: 32_000, cashRounding: 0, balance: 0, change: 8_000 } as Sale,
    });
    expect(await paid).toEqual({ kind: "paid", businessName: "Duka", total: 32_000, paid: 40_000, change: 8_000 });
    display.close();
  });
});
