import { describe, expect, it } from "vitest";
import { allFlags } from "../accounts/auth.ts";
import { changeEmployeePasswordInputSchema, filterEmployees, flagCount, occupationsOf } from "./employee.ts";

const staff = [
  { username: "ann", occupation: "Cashier", active: true },
  { username: "ben", occupation: "Stock Handler", active: true },
  { username: "carol", occupation: "Cashier", active: false },
];

describe("the staff list filter", () => {
  it("searches username and occupation, every word, case-insensitive", () => {
    expect(filterEmployees(staff, { q: "CASH" }).map((e) => e.username)).toEqual(["ann", "carol"]);
    expect(filterEmployees(staff, { q: "stock ben" }).map((e) => e.username)).toEqual(["ben"]);
    expect(filterEmployees(staff, { q: "stock ann" })).toEqual([]);
  });

  it("filters by status and occupation, and keeps the order", () => {
    expect(filterEmployees(staff, { status: "inactive" }).map((e) => e.username)).toEqual(["carol"]);
    expect(filterEmployees(staff, { status: "active", occupation: "cashier" }).map((e) => e.username)).toEqual(["ann"]);
    expect(filterEmployees(staff, {}).map((e) => e.username)).toEqual(["ann", "ben", "carol"]);
  });

  it("lists each occupation once, sorted", () => {
    expect(occupationsOf(staff)).toEqual(["Cashier", "Stock Handler"]);
  });

  it("counts the permission flags that are on", () => {
    expect(flagCount(allFlags(true))).toBe(8);
    expect(flagCount({ ...allFlags(false), viewPayroll: true })).toBe(1);
  });
});

describe("an employee's own password change", () => {
  it("needs the current password and a new one of 8+ characters", () => {
    expect(
      changeEmployeePasswordInputSchema.safeParse({ currentPassword: "a", newPassword: "longenough" }).success,
    ).toBe(true);
    expect(
      changeEmployeePasswordInputSchema.safeParse({ currentPassword: "", newPassword: "longenough" }).success,
    ).toBe(false);
    expect(changeEmployeePasswordInputSchema.safeParse({ currentPassword: "x", newPassword: "short" }).success).toBe(
      false,
    );
  });
});
