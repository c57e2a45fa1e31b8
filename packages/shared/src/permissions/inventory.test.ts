import { describe, expect, it } from "vitest";
import { mayDoInventory } from "./inventory.ts";

const flags = {
  handleStock: false,
  handleTransfer: false,
  reviewStock: false,
  viewPayroll: false,
  viewBooking: false,
  viewEmployee: false,
  viewSupplies: false,
  viewExpenses: false,
};
const employee = (over: Partial<typeof flags>) => ({
  isAdmin: false,
  details: { username: "e", occupation: "Stock Handler", isSupportUser: false, ...flags, ...over },
});

describe("inventory actions", () => {
  it("reviewStock may only look", () => {
    const e = employee({ reviewStock: true });
    expect([mayDoInventory("view", e), mayDoInventory("manage", e), mayDoInventory("transfer", e)]).toEqual([
      true,
      false,
      false,
    ]);
  });
  it("handleStock may change products and stock, not transfer", () => {
    const e = employee({ handleStock: true });
    expect([mayDoInventory("view", e), mayDoInventory("manage", e), mayDoInventory("transfer", e)]).toEqual([
      true,
      true,
      false,
    ]);
  });
  it("handleTransfer may transfer", () => {
    const e = employee({ handleTransfer: true });
    expect([mayDoInventory("view", e), mayDoInventory("manage", e), mayDoInventory("transfer", e)]).toEqual([
      true,
      false,
      true,
    ]);
  });
  it("no flag, nothing; admin, everything", () => {
    expect(mayDoInventory("view", employee({}))).toBe(false);
    expect(mayDoInventory("transfer", { ...employee({}), isAdmin: true })).toBe(true);
  });
});
