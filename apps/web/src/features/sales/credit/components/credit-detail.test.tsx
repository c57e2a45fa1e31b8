import { cleanup, render, screen } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../../test/test-api.ts";
import { CreditDetail } from "./credit-detail.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Credit Sale Details (spec section 2)", () => {
  it(
    "lists each product by the name it was sold under, or Unknown Product when the line has none",
    { timeout: 20_000 },
    async () => {
      const order = saleOf(BUSINESS_A._id, {
        channel: "wholesale",
        paymentStatus: "Credit",
        paymentMethod: "Credit",
        creditStatus: "Pending",
        balance: 45000,
        amountPaid: 0,
        amount: 45000,
        products: [
          {
            productId: "44444444-4444-4444-8444-444444444441",
            name: "Rice 25kg",
            image: null,
            productQuantity: 1,
            productPrice: 30000,
            totalPrice: 30000,
            taxType: "D",
            listPrice: 30000,
            discount: 0,
            discountReason: null,
            approvedBy: null,
          },
          {
            productId: "44444444-4444-4444-8444-444444444442",
            name: "",
            image: null,
            productQuantity: 1,
            productPrice: 10000,
            totalPrice: 10000,
            taxType: "D",
            listPrice: 10000,
            discount: 0,
            discountReason: null,
            approvedBy: null,
          },
          {
            productId: "44444444-4444-4444-8444-444444444443",
            name: "   ",
            image: null,
            productQuantity: 1,
            productPrice: 5000,
            totalPrice: 5000,
            taxType: "D",
            listPrice: 5000,
            discount: 0,
            discountReason: null,
            approvedBy: null,
          },
        ],
      });
      stubApi({ [`GET /api/orders/${order._id}`]: () => order });
      render(
        <Provider store={ownerStore()}>
          <MemoryRouter initialEntries={[`/credit-wholesales/${order._id}`]}>
            <Routes>
              <Route path="/credit-wholesales/:id" element={<CreditDetail channel="wholesale" />} />
            </Routes>
          </MemoryRouter>
        </Provider>,
      );
      const table = await screen.findByRole("table", { name: "Products purchased" }, { timeout: 5000 });
      const rows = table.querySelectorAll("tbody tr");
      expect(rows).toHaveLength(3);
      expect(rows[0]!.textContent).toContain("Rice 25kg");
      expect(rows[1]!.textContent).toContain("Unknown Product");
      expect(rows[2]!.textContent).toContain("Unknown Product");
    },
  );
});
