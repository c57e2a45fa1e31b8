import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Customer } from "@app/shared/customers/customer";
import { BUSINESS_A, ownerStore, stubApi } from "../../../test/test-api.ts";
import CreditCustomerPicker from "./credit-customer-picker.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const customer = (over: Partial<Customer>): Customer => ({
  _id: "55555555-5555-4555-8555-555555555555",
  businessId: BUSINESS_A._id,
  name: "Wanjiku Kamau",
  phone: "0722555111",
  email: null,
  address: null,
  notes: "",
  creditLimit: 100_000,
  balance: 25_000,
  lastPurchaseAt: null,
  archived: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

let picked: Customer | null = null;
function Harness() {
  const [value, setValue] = useState<Customer | null>(null);
  return (
    <CreditCustomerPicker
      businessId={BUSINESS_A._id}
      value={value}
      onChange={(c) => {
        picked = c;
        setValue(c);
      }}
    />
  );
}
const open = () =>
  render(
    <Provider store={ownerStore()}>
      <Harness />
    </Provider>,
  );
const box = () => screen.getByTestId("customer-search") as HTMLInputElement;
/** Types as a person does: in the focused box (a box that loses focus drops unpicked text). */
const type = (text: string) => {
  act(() => box().focus());
  fireEvent.change(box(), { target: { value: text } });
};

describe("the till's credit customer picker", () => {
  it("searches the server by what is typed (a phone) and picks the customer, showing what they owe", async () => {
    const wanjiku = customer({});
    const fetch = stubApi({
      "GET /api/customers": (url) => ({
        items: url.searchParams.get("q") === "0722555" ? [wanjiku] : [],
        total: 1,
      }),
    });
    open();
    type("0722555");
    // The search waits for a pause in typing (250 ms) before it asks the server.
    const option = await screen.findByRole("option", { name: /Wanjiku Kamau · 0722 555 111/ }, { timeout: 5000 });
    expect(option.textContent).toContain("Owes KES 250.00 · limit KES 1,000.00");
    fireEvent.click(option);
    await waitFor(() => expect(picked?._id).toBe(wanjiku._id));
    expect(box()).toHaveProperty("value", "Wanjiku Kamau · 0722 555 111");
    expect(screen.getByText("Owes KES 250.00 of a KES 1,000.00 limit")).toBeTruthy();
    const asked = fetch.mock.calls.map(([req]) => new URL((req as Request).url).searchParams.get("q"));
    expect(asked).toContain("0722555");
  });

  it("adds a new customer from what was typed: the name, then the phone (pasted as +254 ...); a bad phone is refused before any call", async () => {
    const created = customer({ _id: "66666666-6666-4666-8666-666666666666", name: "Mama Njeri", phone: "0711000222" });
    const fetch = stubApi({
      "GET /api/customers": () => ({ items: [], total: 0 }),
      "POST /api/customersAuth/register": () => created,
    });
    open();
    type("Mama Njeri");
    fireEvent.click(
      await screen.findByRole("option", { name: "Add “Mama Njeri” as a new customer" }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole("dialog", { name: "New customer" });
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveProperty("value", "Mama Njeri");
    const phone = screen.getByRole("textbox", { name: "Phone" });
    fireEvent.change(phone, { target: { value: "0811" } });
    fireEvent.click(screen.getByRole("button", { name: "Add customer" }));
    expect(await screen.findByText("Enter a Kenyan mobile number, e.g. 0712 345 678")).toBeTruthy();
    expect(fetch.mock.calls.some(([req]) => (req as Request).method === "POST")).toBe(false);
    // Pasted as many write it: taken whole (not cut to 10 characters) and sent in the one stored form.
    fireEvent.change(phone, { target: { value: "+254 711 000 222" } });
    fireEvent.click(screen.getByRole("button", { name: "Add customer" }));
    await waitFor(() => expect(picked?._id).toBe(created._id));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    const post = fetch.mock.calls.find(([req]) => (req as Request).method === "POST")![0] as Request;
    expect(await post.json()).toEqual({ businessId: BUSINESS_A._id, name: "Mama Njeri", phone: "0711000222" });
  });
});
