import { describe, expect, it } from "vitest";
import { mayEditSale, mayManageSales, saleEditNeedsOwner } from "./sales.ts";

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

describe("who may put a sale on credit or change who owes it", () => {
  const owner = { isAdmin: true, details };
  const manager = { isAdmin: false, details: { ...details, occupation: "Manager" } };
  const cash = {
    payments: [{ method: "Cash" as const, amount: 1000 }],
    customerName: null,
    customerPhone: null,
  };
  const credit = (amount: number, customerName = "Wanjiku", customerPhone = "0722000111") => ({
    payments: [
      { method: "Cash" as const, amount: 1000 - amount },
      { method: "Credit" as const, amount },
    ].filter((p) => p.amount > 0),
    customerName,
    customerPhone,
  });

  it("turning a cash sale into a credit sale, or raising the credit, is the owner's", () => {
    expect(saleEditNeedsOwner(cash, credit(1000))).toBe(true);
    expect(saleEditNeedsOwner(credit(400), credit(600))).toBe(true);
    expect(mayEditSale(manager, cash, credit(1000))).toBe(false);
    expect(mayEditSale(owner, cash, credit(1000))).toBe(true);
  });

  it("changing the customer of a credit sale is the owner's, by name or by phone", () => {
    expect(saleEditNeedsOwner(credit(500), credit(500, "Otieno"))).toBe(true);
    expect(saleEditNeedsOwner(credit(500), credit(500, "Wanjiku", "0733000222"))).toBe(true);
    expect(saleEditNeedsOwner(credit(500), credit(0, "Otieno"))).toBe(true);
    expect(mayEditSale(manager, credit(500), credit(500, "Otieno"))).toBe(false);
    // Another customer record with the same name and phone is still another customer.
    const linked = (customerId: string) => ({ ...credit(500), customerId });
    expect(saleEditNeedsOwner(linked("c-1"), linked("c-2"))).toBe(true);
    expect(saleEditNeedsOwner(credit(500), linked("c-1"))).toBe(false);
    // The same phone typed or stored is the same customer.
    expect(saleEditNeedsOwner(credit(500), credit(500, "Wanjiku", "254722000111"))).toBe(false);
  });

  it("a Manager may correct lines and how cash was taken, and lower a credit", () => {
    expect(saleEditNeedsOwner(cash, { ...cash, payments: [{ method: "M-Pesa", amount: 1000 }] })).toBe(false);
    expect(saleEditNeedsOwner(credit(600), credit(400))).toBe(false);
    expect(saleEditNeedsOwner(credit(600), credit(600, " wanjiku ", "0722000111"))).toBe(false);
    expect(mayEditSale(manager, credit(600), credit(0))).toBe(true);
    // support users act as admins elsewhere, but do not move a business's money into credit
    expect(mayEditSale({ isAdmin: true, details: { ...details, isSupportUser: true } }, cash, credit(1000))).toBe(
      false,
    );
  });
});
