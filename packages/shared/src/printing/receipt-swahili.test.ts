import { describe, expect, it } from "vitest";
import type { CaptainOrderPrint } from "../restaurant/kitchen.ts";
import type { Sale } from "../sales/sale.ts";
import { kitchenTicketLines, receiptLines, type PrintLine } from "./receipt.ts";
import { RECEIPT_TEXT, documentLanguageOf } from "./receipt-text.ts";

const texts = (lines: PrintLine[]) => lines.flatMap((l) => (l.kind === "text" ? [l.text] : []));

const print: CaptainOrderPrint = {
  _id: "00000000-0000-4000-8000-000000000001",
  businessId: "00000000-0000-4000-8000-000000000002",
  ticketId: "00000000-0000-4000-8000-000000000003",
  saleId: null,
  printNumber: 2,
  sectionName: "Terrace",
  tableName: "T4",
  changes: [
    {
      productId: "00000000-0000-4000-8000-000000000010",
      name: "Beef stew",
      quantity: 3,
      previousQuantity: 2,
      change: "changed",
    },
    {
      productId: "00000000-0000-4000-8000-000000000011",
      name: "Ugali",
      quantity: 1,
      previousQuantity: 0,
      change: "new",
    },
    {
      productId: "00000000-0000-4000-8000-000000000012",
      name: "Chicken tikka masala with garlic naan and kachumbari",
      quantity: 0,
      previousQuantity: 2,
      change: "cancelled",
    },
  ],
  note: "",
  printedBy: "wanjiru",
  printStatus: "queued",
  printerError: null,
  createdAt: "2026-03-01T09:30:00.000Z",
};

const sale: Sale = {
  _id: "00000000-0000-4000-8000-000000000020",
  businessId: print.businessId,
  saleNumber: 41,
  channel: "retail",
  status: "completed",
  paymentStatus: "Credit",
  paymentMethod: "Split",
  products: [
    {
      productId: "00000000-0000-4000-8000-000000000010",
      name: "Tusker 500ml",
      image: null,
      productQuantity: 2,
      productPrice: 22500,
      totalPrice: 45000,
      taxType: "B",
      listPrice: 22500,
      discount: 0,
      discountReason: null,
      approvedBy: null,
    },
  ],
  payments: [
    { method: "Cash", amount: 10000, tendered: 20000, reference: null },
    { method: "M-Pesa", amount: 15000, tendered: null, reference: "QGH7XYZ12A" },
    { method: "Credit", amount: 20000, tendered: null, reference: null },
  ],
  change: 10000,
  amount: 45000,
  balance: 20000,
  amountPaid: 25000,
  creditStatus: "Partial",
  creditPaymentMethod: "Not Paid",
  paymentTransactions: [],
  customerName: "Otieno",
  customerPhone: "0722000111",
  customerId: null,
  clearedBy: null,
  servedBy: "wanjiru",
  sectionId: null,
  sectionName: null,
  tableId: null,
  tableName: null,
  ticketId: null,
  deletedBy: null,
  deletedAt: null,
  voidReason: null,
  vatBands: [{ taxType: "B", rateBp: 1600, taxable: 38793, tax: 6207, total: 45000 }],
  etimsState: "pending",
  etimsProof: null,
  etimsError: null,
  offlineAt: null,
  stockShortfall: null,
  createdAt: "2026-03-01T09:30:00.000Z",
  discount: 0,
  ticketDiscount: 0,
  discountApprovedBy: null,
  cashRounding: 0,
  updatedAt: "2026-03-01T09:30:00.000Z",
};

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
