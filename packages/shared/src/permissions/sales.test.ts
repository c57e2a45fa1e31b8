import { describe, expect, it } from "vitest";
import { mayManageSales } from "./sales.ts";

const details = {
  username: "x",
  occupation: "Cashier",
  isSupportUser: false,
  handleStock: false,
  handleTransfer: false,
  reviewStock: false,
  viewPayroll: false,
  viewBooking: false,
  viewEmployee: false,
  viewSupplies: false,
  viewExpenses: false,
};

describe("mayManageSales", () => {
  it("owners and Managers may edit, void and restore sales; cashiers may not", () => {
    expect(mayManageSales({ isAdmin: true, details })).toBe(true);
    expect(mayManageSales({ isAdmin: false, details: { ...details, occupation: "Manager" } })).toBe(true);
    expect(mayManageSales({ isAdmin: false, details })).toBe(false);
    expect(
      mayManageSales({ isAdmin: false, details: { ...details, occupation: "Stock Handler", handleStock: true } }),
    ).toBe(false);
  });
});
