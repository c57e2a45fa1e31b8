import { describe, expect, it } from "vitest";
import { allFiveBands, effectiveTaxType, lineVat, taxIncluded, totalTax, vatBands, type TaxType } from "./vat.ts";

describe("tax inside a VAT-inclusive amount (integer cents)", () => {
  it("takes 16/116 of a B price and 8/108 of an E price", () => {
    // KES 116.00 at 16% is 100.00 + 16.00; KES 108.00 at 8% is 100.00 + 8.00.
    expect(lineVat({ taxType: "B", total: 11_600 })).toEqual({
      taxType: "B",
      rateBp: 1600,
      taxable: 10_000,
      tax: 1_600,
      total: 11_600,
    });
    expect(lineVat({ taxType: "E", total: 10_800 })).toMatchObject({ taxable: 10_000, tax: 800 });
    // KES 100.00 at 16%: 100 x 16 / 116 = 13.7931... -> 13.79, taxable 86.21.
    expect(lineVat({ taxType: "B", total: 10_000 })).toMatchObject({ taxable: 8_621, tax: 1_379 });
  });

  it("rounds to the nearest cent: 4 cents at 16% holds 0.55 of a cent of tax -> 1; 3 cents holds 0.41 -> 0", () => {
    expect(taxIncluded(4, 1600)).toBe(1);
    expect(taxIncluded(3, 1600)).toBe(0);
    expect(taxIncluded(1, 1600)).toBe(0);
    // 14 cents at 8% holds 1.037 -> 1; 20 cents holds 1.48 -> 1; 21 cents 1.556 -> 2.
    expect(taxIncluded(14, 800)).toBe(1);
    expect(taxIncluded(20, 800)).toBe(1);
    expect(taxIncluded(21, 800)).toBe(2);
  });

  it("rounds a half up: at a rate where an exact half occurs (100%: 1 cent is half tax)", () => {
    // 16% and 8% never give an exact half cent (8T/29 and 4T/27 are never odd halves), so the
    // half-up branch is shown at rates where it does occur.
    expect(taxIncluded(1, 10_000)).toBe(1);
    expect(taxIncluded(3, 10_000)).toBe(2);
    expect(taxIncluded(5, 2_500)).toBe(1); // 5 x 0.25 / 1.25 = 1 exactly
    expect(taxIncluded(25, 1_000)).toBe(2); // 25 / 11 = 2.27
  });

  it("mirrors a negative amount (a credit note) exactly", () => {
    for (const total of [4, 3, 10_000, 11_600, 123_457]) {
      expect(taxIncluded(-total, 1600)).toBe(-taxIncluded(total, 1600));
      expect(taxIncluded(-total, 800)).toBe(-taxIncluded(total, 800));
    }
  });

  it("charges no tax in the exempt, zero-rated and non-VAT bands", () => {
    for (const t of ["A", "C", "D"] as const) expect(lineVat({ taxType: t, total: 99_999 })).toMatchObject({ tax: 0 });
  });

  it("refuses a fraction of a cent", () => {
    expect(() => taxIncluded(10.5, 1600)).toThrow(RangeError);
  });
});

describe("per-band snapshot of a document", () => {
  it("rounds per line, then adds the lines of a band up (not the band's total rounded once)", () => {
    // Two 4-cent lines at 16%: 1 cent of tax each (0.55 -> 1), 2 in the band; rounding the band's
    // 8 cents once would give 1.10 -> 1.
    expect(
      vatBands([
        { taxType: "B", total: 4 },
        { taxType: "B", total: 4 },
      ]),
    ).toEqual([{ taxType: "B", rateBp: 1600, taxable: 6, tax: 2, total: 8 }]);
  });

  it("keeps mixed bands apart, in the order A..E, and their totals add up to the document", () => {
    const lines: { taxType: TaxType; total: number }[] = [
      { taxType: "E", total: 10_800 },
      { taxType: "B", total: 11_600 },
      { taxType: "A", total: 5_000 },
      { taxType: "B", total: 10_000 },
      { taxType: "C", total: 3_000 },
      { taxType: "D", total: 2_000 },
    ];
    const bands = vatBands(lines);
    expect(bands).toEqual([
      { taxType: "A", rateBp: 0, taxable: 5_000, tax: 0, total: 5_000 },
      { taxType: "B", rateBp: 1600, taxable: 18_621, tax: 2_979, total: 21_600 },
      { taxType: "C", rateBp: 0, taxable: 3_000, tax: 0, total: 3_000 },
      { taxType: "D", rateBp: 0, taxable: 2_000, tax: 0, total: 2_000 },
      { taxType: "E", rateBp: 800, taxable: 10_000, tax: 800, total: 10_800 },
    ]);
    expect(totalTax(bands)).toBe(3_779);
  });

  it("for any lines: taxable + tax = total in every band, bands add up to the lines, each line within half a cent", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const types: TaxType[] = ["A", "B", "C", "D", "E"];
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: 1 + (next() % 12) }, () => ({
        taxType: types[next() % 5]!,
        total: next() % 5_000_000,
      }));
      const bands = vatBands(lines);
      expect(bands.reduce((s, b) => s + b.total, 0)).toBe(lines.reduce((s, l) => s + l.total, 0));
      for (const b of bands) expect(b.taxable + b.tax).toBe(b.total);
      for (const l of lines) {
        const exact =
          (l.total * { A: 0, B: 16, C: 0, D: 0, E: 8 }[l.taxType]) /
          (100 + { A: 0, B: 16, C: 0, D: 0, E: 8 }[l.taxType]);
        expect(Math.abs(lineVat(l).tax - exact)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("lists all five bands with zeros for eTIMS", () => {
    const five = allFiveBands(vatBands([{ taxType: "B", total: 11_600 }]));
    expect(five.map((b) => [b.taxType, b.rateBp, b.taxable, b.tax])).toEqual([
      ["A", 0, 0, 0],
      ["B", 1600, 10_000, 1_600],
      ["C", 0, 0, 0],
      ["D", 0, 0, 0],
      ["E", 800, 0, 0],
    ]);
  });
});

describe("which band a line is in", () => {
  it("is the product's type for a VAT-registered business, B when it names none", () => {
    expect(effectiveTaxType("E", true)).toBe("E");
    expect(effectiveTaxType(null, true)).toBe("B");
  });
  it("is always D (non-VAT) for a business not registered for VAT", () => {
    expect(effectiveTaxType("B", false)).toBe("D");
    expect(effectiveTaxType(null, false)).toBe("D");
  });
});
