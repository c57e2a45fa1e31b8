import { describe, expect, it } from "vitest";
import { print, sale } from "./receipt-fixture.ts";
import { kitchenTicketLines, receiptLines, type PrintLine } from "./receipt.ts";
import { RECEIPT_TEXT, documentLanguageOf } from "./receipt-text.ts";

const texts = (lines: PrintLine[]) => lines.flatMap((l) => (l.kind === "text" ? [l.text] : []));

/**
 * Every English label a receipt or kitchen ticket can print (the words of receipt-text.ts's English
 * table, and their uppercase and compound forms), as whole words: none may appear in Swahili.
 */
function englishLabels(): RegExp[] {
  const en = RECEIPT_TEXT.en;
  const words = [
    en.receipt,
    en.wholesaleOrder,
    "Served by",
    en.total,
    en.cashTendered,
    en.change,
    en.balanceOwing,
    en.customer,
    en.vatBand,
    en.exclVat,
    en.totalVat,
    en.voided,
    en.thanks,
    en.kitchenOrder,
    en.counter,
    en.changed,
    en.cancel,
    en.note,
    en.bands.A,
    en.bands.D,
    "Cash",
    "Credit",
    "Bank Transfer",
    "not connected",
    "pending",
    "was",
  ];
  return words.map((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`));
}

const shop = { name: "Duka la Mama", timeZone: "Africa/Nairobi", kraPin: "P051234567X", vatRegistered: true };

describe("a receipt in Swahili", () => {
  it("prints no English label: title, served by, lines, total, payments, change, balance, VAT, eTIMS, thanks", () => {
    const all = [
      ...texts(receiptLines(sale, shop, 48, { language: "sw" })),
      ...texts(receiptLines({ ...sale, status: "voided", channel: "wholesale" }, shop, 32, { language: "sw" })),
      ...texts(receiptLines(sale, shop, 48, { language: "sw", notSynced: true })),
      ...texts(kitchenTicketLines(print, "Africa/Nairobi", 48, "sw")),
      ...texts(
        kitchenTicketLines(
          { ...print, sectionName: null, tableName: null, note: "bila pilipili" },
          "Africa/Nairobi",
          32,
          "sw",
        ),
      ),
    ];
    const english = englishLabels();
    // The offline mark is written in both languages on purpose (NOT YET SYNCED / BADO HAIJATUMWA).
    const leaks = all.filter((line) => !line.includes("BADO HAIJATUMWA") && english.some((re) => re.test(line)));
    expect(leaks).toEqual([]);
  });

  it("says it in Swahili, and the same receipt in English keeps the spec's words", () => {
    const sw = texts(receiptLines(sale, shop, 48, { language: "sw" }));
    expect(sw).toContain("Risiti #41");
    expect(sw).toContain("Umehudumiwa na wanjiru");
    expect(sw.some((l) => l.startsWith("JUMLA ") && l.endsWith("KES 450.00"))).toBe(true);
    expect(sw.some((l) => l.startsWith("Pesa taslimu"))).toBe(true);
    expect(sw.some((l) => l.startsWith("Mkopo"))).toBe(true);
    expect(sw.some((l) => l.startsWith("Chenji"))).toBe(true);
    expect(sw).toContain("Asante kwa kununua kwetu");
    const en = texts(receiptLines(sale, shop, 48));
    expect(en).toContain("Receipt #41");
    expect(en).toContain("Served by wanjiru");
    expect(en).toContain("Thank you for shopping with us");
  });

  it("reads the language of a request: Swahili only when asked first", () => {
    expect(documentLanguageOf("sw")).toBe("sw");
    expect(documentLanguageOf("sw-KE,sw;q=0.9,en;q=0.8")).toBe("sw");
    expect(documentLanguageOf("en-KE,sw;q=0.5")).toBe("en");
    expect(documentLanguageOf(undefined)).toBe("en");
  });
});
