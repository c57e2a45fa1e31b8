import { describe, expect, it } from "vitest";
import { checkCreditLimit } from "./credit-limit.ts";

const amina = (creditLimit: number | null) => ({ name: "Amina", creditLimit });

describe("credit limit", () => {
  it("allows credit up to the limit, the limit included", () => {
    expect(checkCreditLimit(amina(10_000), 4_000, 6_000)).toEqual({ ok: true });
  });
  it("refuses credit that would go above it, saying what is owed", () => {
    const r = checkCreditLimit(amina(10_000), 4_000, 6_001);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.owedAfter).toBe(10_001);
      expect(r.message).toContain("Amina owes KES 40.00");
      expect(r.message).toContain("KES 100.01");
      expect(r.message).toContain("limit of KES 100.00");
    }
  });
  it("without a limit, or without credit, anything goes", () => {
    expect(checkCreditLimit(amina(null), 1_000_000, 1_000_000).ok).toBe(true);
    expect(checkCreditLimit(amina(0), 5_000, 0).ok).toBe(true);
  });
  it("a limit of zero allows no credit at all", () => {
    expect(checkCreditLimit(amina(0), 0, 1).ok).toBe(false);
  });
});
