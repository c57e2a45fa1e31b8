/**
 * The cost price after a delivery joins the stock: the weighted average of what was on the
 * shelf at its cost and what arrives at its unit cost, in integer cents.
 *
 *   new cost = (onHand x cost + received x unitCost) / (onHand + received)
 *
 * Rounding rule: computed exactly in integers (BigInt, so large stock never loses digits) and
 * rounded half up to the whole cent (all terms are non-negative). With nothing on hand the
 * new cost is the unit cost; receiving nothing leaves the cost unchanged.
 */
export function weightedAverageCost(onHand: number, cost: number, received: number, unitCost: number): number {
  for (const [name, v] of Object.entries({ onHand, cost, received, unitCost }))
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative whole number: ${v}`);
  if (received === 0) return cost;
  if (onHand === 0) return unitCost;
  const units = BigInt(onHand) + BigInt(received);
  const value = BigInt(onHand) * BigInt(cost) + BigInt(received) * BigInt(unitCost);
  return Number((value * 2n + units) / (units * 2n));
}
