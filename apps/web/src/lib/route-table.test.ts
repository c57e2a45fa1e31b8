import { describe, expect, it } from "vitest";
import { allFlags } from "@app/shared/accounts/auth";
import type { Actor } from "@app/shared/permissions/areas";
import { PROTECTED_ROUTES, mayOpenRoute } from "./route-table.ts";

const route = (path: string) => PROTECTED_ROUTES.find((r) => r.path === path)!;
const shop = { businessType: "general" as const, accountActive: true };
const owner: Actor = {
  isAdmin: true,
  details: { username: "o", occupation: "Owner", ...allFlags(true), isSupportUser: false },
};
const support: Actor = { isAdmin: true, details: { ...owner.details, occupation: "Support", isSupportUser: true } };
const cashier: Actor = {
  isAdmin: false,
  details: { username: "c", occupation: "Cashier", ...allFlags(false), isSupportUser: false },
};

describe("who may open a route", () => {
  it("the subscription page: support manages every subscription, the owner reads their own, staff may not", () => {
    // The owner reaches it from Settings' "Manage subscription"; the menu's area is support's alone.
    expect(mayOpenRoute(route("/subscription"), support, shop)).toBe(true);
    expect(mayOpenRoute(route("/subscription"), owner, shop)).toBe(true);
    expect(mayOpenRoute(route("/subscription"), cashier, shop)).toBe(false);
  });

  it("the owner flag opens only its own route: Requests stays support's", () => {
    expect(mayOpenRoute(route("/request"), owner, shop)).toBe(false);
    expect(mayOpenRoute(route("/request"), support, shop)).toBe(true);
  });
});
