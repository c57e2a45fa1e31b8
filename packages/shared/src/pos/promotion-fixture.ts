import type { PromotionRule } from "./promotions.ts";

/**
 * Test data of the tests that meet promotions (cart, the till's slice, offline receipts, the
 * owner's page): "3 for 100" on one product, every day.
 */
export const threeFor100 = (productId: string): PromotionRule => ({
  _id: "00000000-0000-4000-8000-000000000001",
  name: "3 for 100",
  kind: "quantityBreak",
  productIds: [productId],
  unitPrice: null,
  buyQuantity: null,
  freeQuantity: null,
  breakQuantity: 3,
  breakAmount: 10000,
  startsAt: null,
  endsAt: null,
  days: [],
  dailyFrom: null,
  dailyTo: null,
  active: true,
});
