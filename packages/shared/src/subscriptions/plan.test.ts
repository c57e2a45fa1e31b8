import { describe, expect, it } from "vitest";
import { PLAN_DEFAULTS } from "./constants.ts";
import { planInputSchema } from "./plan.ts";

const valid = { ...PLAN_DEFAULTS, name: "Basic", description: "One shop", features: { ...PLAN_DEFAULTS.features } };

describe("the plan form", () => {
  it("has the defaults of spec section 5", () => {
    expect(PLAN_DEFAULTS).toMatchObject({ price: 0, currency: "KES", billingCycle: "monthly" });
    expect(PLAN_DEFAULTS.features).toEqual({
      maxUsers: 1,
      maxProducts: 100,
      inventoryManagement: true,
      analytics: false,
      multiBranch: false,
      apiAccess: false,
      prioritySupport: false,
      customReports: false,
    });
    expect(planInputSchema.safeParse(valid).success).toBe(true);
  });
  it("name and description are required", () => {
    const res = planInputSchema.safeParse({ ...valid, name: " ", description: "" });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.path.join("."))).toEqual(["name", "description"]);
  });
  it("max users and max products are at least 1", () => {
    const res = planInputSchema.safeParse({ ...valid, features: { ...valid.features, maxUsers: 0, maxProducts: 0 } });
    expect(res.error?.issues.map((i) => i.path.join("."))).toEqual(["features.maxUsers", "features.maxProducts"]);
  });
  it("prices are whole, non-negative cents; KES prices whole shillings", () => {
    expect(planInputSchema.safeParse({ ...valid, price: -100 }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...valid, price: 10.5 }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...valid, price: 150_050 }).error?.issues[0]?.message).toMatch(
      /whole shillings/,
    );
    expect(planInputSchema.safeParse({ ...valid, currency: "USD", price: 1_999 }).success).toBe(true);
  });
  it("currency and billing cycle come from spec section 9", () => {
    expect(planInputSchema.safeParse({ ...valid, currency: "EUR" }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...valid, billingCycle: "weekly" }).success).toBe(false);
  });
});
