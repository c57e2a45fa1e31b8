import { describe, expect, it } from "vitest";
import type { PayslipLine } from "@app/shared/payroll/payroll";
import type { SalesDocument } from "@app/shared/sales-documents/document";
import type { CashUp } from "@app/shared/transactions/transaction";
import { renderPayslipPdf } from "../../src/modules/payroll/payslip-pdf.ts";
import { renderDocumentPdf, type Issuer } from "../../src/modules/sales-documents/document-pdf.ts";
import { renderZReport } from "../../src/modules/transactions/z-report.ts";
import { PDF_WORDS_SW } from "../../src/platform/pdf-text.ts";
import { pdfText } from "../factories/payroll.ts";

/**
 * Issue 33, item 1: a PDF asked for in Swahili says nothing in English. Each PDF is rendered in
 * both languages and its text extracted: the English one has its English labels (so the check
 * can fail), and the Swahili one shows none of the English words that have a Swahili form
 * (pdf-text.ts), nor the Z report's own English labels.
 */

/** The English labels of pdf-text.ts whose Swahili differs, longest first, as whole words. */
const ENGLISH_WORDS = Object.entries(PDF_WORDS_SW)
  .filter(([en, sw]) => en !== sw && en.length > 3)
  .map(([en]) => en)
  .sort((a, b) => b.length - a.length);

function englishIn(text: string, words: readonly string[]): string[] {
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return words.filter((w) => new RegExp(`(^|[^A-Za-z])${escape(w)}([^A-Za-z]|$)`).test(text));
}

const business = { name: "Duka la Mama Njeri", timeZone: "Africa/Nairobi" };

const cashUp = {
  _id: "00000000-0000-4000-8000-000000000001",
  businessId: "00000000-0000-4000-8000-000000000002",
  zNumber: 7,
  userId: null,
  userName: null,
  periodStart: "2026-03-02T05:00:00.000Z",
  periodEnd: "2026-03-02T17:00:00.000Z",
  movementCount: 12,
  openingFloat: 5_000,
  cashIn: 27_500,
  cashOut: 2_500,
  expectedCash: 30_000,
  countedCash: 29_500,
  difference: -500,
  mpesaIn: 10_000,
  mpesaOut: 0,
  bankIn: 0,
  bankOut: 0,
  note: "droo imehesabiwa",
  closedBy: "njeri",
  createdAt: "2026-03-02T17:05:00.000Z",
} as unknown as CashUp;

const Z_ENGLISH = [
  "Z REPORT",
  "Till",
  "All tills",
  "From",
  "Movements",
  "CASH DRAWER",
  "Opening float",
  "Cash in",
  "Cash out",
  "Expected cash",
  "Counted cash",
  "Difference",
  "OTHER METHODS",
  "Bank in",
  "Note",
  "Closed by",
];

const payslip = {
  _id: "00000000-0000-4000-8000-000000000003",
  month: "2026-03",
  employeeName: "Akinyi Otieno",
  occupation: "Cashier",
  idNumber: "12345678",
  kraPin: "A012345678Z",
  nssfNumber: "NS1",
  shaNumber: "SH1",
  payTo: "M-Pesa 0712 345 678",
  ruleSetName: "Kenya 2026",
  status: "approved",
  payslip: {
    basicPay: 5_000_000,
    allowances: [{ name: "Nyumba", amount: 500_000 }],
    commissions: 100_000,
    gross: 5_600_000,
    nssfTier1: 48_000,
    nssfTier2: 288_000,
    shif: 154_000,
    ahl: 84_000,
    paye: 900_000,
    otherDeductions: [],
    totalDeductions: 1_474_000,
    allowableDeductions: 574_000,
    taxablePay: 5_026_000,
    taxBands: [{ rateBp: 1000, taxable: 2_400_000, tax: 240_000 }],
    taxBeforeRelief: 1_140_000,
    personalRelief: 240_000,
    insuranceRelief: 0,
    housingRelief: 12_600,
    net: 4_126_000,
    nssfEmployer: 336_000,
    ahlEmployer: 84_000,
    nita: 5_000,
    employerCost: 6_025_000,
  },
} as unknown as PayslipLine;

const issuer: Issuer = { ...business, kraPin: "P051234567X", address: "Tom Mboya St", vatRegistered: true };
const invoice = {
  _id: "00000000-0000-4000-8000-000000000004",
  type: "invoice",
  number: "INV-0003",
  status: "Partial",
  overdue: true,
  issuedAt: "2026-03-02T08:00:00.000Z",
  dueDate: "2026-03-16",
  validUntil: null,
  party: { name: "Kamau Hardware Ltd", kraPin: "P000111222Q", contact: null, address: null },
  related: { number: "QUO-0002" },
  reason: null,
  lines: [{ lineNo: 1, description: "Unga 2kg x 10", quantity: 10, unitPrice: 21_000, taxType: "B", total: 210_000 }],
  vatBands: [{ taxType: "B", rateBp: 1600, taxable: 181_034, tax: 28_966, total: 210_000 }],
  tax: 28_966,
  total: 210_000,
  credited: 10_000,
  amountPaid: 100_000,
  refunded: 0,
  balance: 100_000,
  payments: [{ paidAt: "2026-03-03T08:00:00.000Z", refund: false, method: "Cash", reference: null, amount: 100_000 }],
  notes: null,
  etimsState: "pending",
} as unknown as SalesDocument;
const paymentDetails = [{ _id: "p", method: "Paybill", details: "247247 account 123" }] as never;

describe("the PDFs in Swahili", () => {
  it("the Z report", async () => {
    const en = pdfText(await renderZReport(cashUp, business));
    expect(englishIn(en, Z_ENGLISH)).toEqual(Z_ENGLISH);
    const sw = pdfText(await renderZReport(cashUp, business, "sw"));
    expect(sw).toContain("RIPOTI YA Z #7");
    expect(sw).toContain("Pesa ya kuanzia");
    expect(sw).toContain("Tofauti (pungufu)");
    expect(sw).toContain("2 Mac 2026"); // the month in Swahili ("Mar" in English)
    expect(englishIn(sw, Z_ENGLISH)).toEqual([]);
  });

  it("the payslip", async () => {
    const en = pdfText(await renderPayslipPdf(payslip, business.name));
    expect(en).toContain("Payslip for March 2026");
    expect(englishIn(en, ENGLISH_WORDS).length).toBeGreaterThan(10);
    const sw = pdfText(await renderPayslipPdf(payslip, business.name, "sw"));
    expect(sw).toContain("Hati ya mshahara ya Machi 2026");
    expect(sw).toContain("Mshahara halisi");
    expect(englishIn(sw, ENGLISH_WORDS)).toEqual([]);
  });

  it("the invoice", async () => {
    const en = pdfText(await renderDocumentPdf(invoice, issuer, paymentDetails));
    expect(en).toContain("TAX INVOICE");
    expect(englishIn(en, ENGLISH_WORDS).length).toBeGreaterThan(10);
    const sw = pdfText(await renderDocumentPdf(invoice, issuer, paymentDetails, null, "sw"));
    expect(sw).toContain("ANKARA YA KODI");
    expect(sw).toContain("Salio linalodaiwa");
    expect(sw).toContain("Imelipwa sehemu");
    expect(englishIn(sw, ENGLISH_WORDS)).toEqual([]);
  });
});
