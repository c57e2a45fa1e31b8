import { afterEach, describe, expect, it, vi } from "vitest";
import { catalogStore } from "../features/pos/catalog-store.ts";
import { preloadTillCatalog } from "./preload-till.ts";
import type { AppStore } from "./store.ts";

const owner = { isAdmin: true, details: { username: "owner", occupation: null, isSupportUser: false } };
const storeWith = (token?: string, businessId?: string, businessType = "general") =>
  ({
    getState: () => ({
      session: { user: token ? { token, ...owner } : null },
      business: { current: businessId ? { _id: businessId, businessType, accountActive: true } : null },
    }),
  }) as unknown as AppStore;

afterEach(() => vi.restoreAllMocks());

describe("preloadTillCatalog", () => {
  it("starts the business's catalog load when a till's route is entered", () => {
    const load = vi.spyOn(catalogStore, "load").mockResolvedValue();
    preloadTillCatalog("/pos", storeWith("t1", "b1"));
    preloadTillCatalog("/wholesale", storeWith("t1", "b1"));
    expect(load.mock.calls).toEqual([
      ["b1", "t1"],
      ["b1", "t1"],
    ]);
  });

  it("does nothing elsewhere, or before a signed-in user has a business", () => {
    const load = vi.spyOn(catalogStore, "load").mockResolvedValue();
    preloadTillCatalog("/sales", storeWith("t1", "b1"));
    preloadTillCatalog("/pos", storeWith(undefined, "b1"));
    preloadTillCatalog("/pos", storeWith("t1"));
    expect(load).not.toHaveBeenCalled();
  });

  it("does nothing for a user whose business has no till (a payroll-only business's owner)", () => {
    const load = vi.spyOn(catalogStore, "load").mockResolvedValue();
    preloadTillCatalog("/pos", storeWith("t1", "b1", "payroll"));
    preloadTillCatalog("/wholesale", storeWith("t1", "b1", "payroll"));
    expect(load).not.toHaveBeenCalled();
  });
});
