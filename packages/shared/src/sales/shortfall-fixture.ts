import type { OpenShortfall } from "./shortfall.ts";

/**
 * Test data of the tests that meet offline shortfalls (the bell's notice, the dashboard's card):
 * a retail sale short of 3 sugar, a wholesale order short of 2 rice.
 */
export const sugarShortfall: OpenShortfall = {
  saleId: "44444444-4444-4444-8444-444444444444",
  saleNumber: 17,
  channel: "retail",
  productId: "55555555-5555-4555-8555-555555555555",
  name: "Sugar 1kg",
  missing: 3,
  offlineAt: "2026-01-02T08:00:00.000Z",
};

export const riceShortfall: OpenShortfall = {
  ...sugarShortfall,
  saleId: "66666666-6666-4666-8666-666666666666",
  saleNumber: 4,
  channel: "wholesale",
  productId: "77777777-7777-4777-8777-777777777777",
  name: "Rice 25kg",
  missing: 2,
};
