import { describe, expect, it } from "vitest";
import {
  balanceOf,
  checkInvoiceCancel,
  checkInvoiceEdit,
  checkInvoicePayment,
  checkQuotationConvert,
  checkQuotationEdit,
  documentNumber,
  invoiceStatusOf,
  isOverdue,
  planCreditNote,
  refundDue,
  type InvoiceMoney,
} from "./document.ts";

const invoice = (over: Partial<InvoiceMoney> = {}): InvoiceMoney => ({
  cancelled: false,
  total: 10_000,
  credited: 0,
  paid: 0,
  refunded: 0,
  ...over,
});

describe("document numbers", () => {
  it("are the type's prefix and six digits", () => {
    expect(documentNumber("invoice", 123)).toBe("INV-000123");
    expect(documentNumber("quotation", 45)).toBe("QUO-000045");
    expect(documentNumber("credit_note", 7)).toBe("CN-000007");
    expect(documentNumber("invoice", 1_234_567)).toBe("INV-1234567");
  });
});

describe("invoice status follows its money", () => {
  it("Pending -> Partial -> Paid as payments arrive", () => {
    expect(invoiceStatusOf(invoice())).toBe("Pending");
    expect(invoiceStatusOf(invoice({ paid: 4_000 }))).toBe("Partial");
    expect(invoiceStatusOf(invoice({ paid: 10_000 }))).toBe("Paid");
  });
  it("credit notes lower what is owed; fully credited is Credited", () => {
    expect(invoiceStatusOf(invoice({ credited: 6_000, paid: 4_000 }))).toBe("Paid");
    expect(balanceOf(invoice({ credited: 6_000, paid: 3_000 }))).toBe(1_000);
    expect(invoiceStatusOf(invoice({ credited: 10_000 }))).toBe("Credited");
    // Paid in full, then fully credited and refunded.
    expect(invoiceStatusOf(invoice({ paid: 10_000, credited: 10_000, refunded: 10_000 }))).toBe("Credited");
  });
  it("a refund counts against what was received", () => {
    expect(invoiceStatusOf(invoice({ paid: 10_000, credited: 4_000, refunded: 4_000 }))).toBe("Paid");
    expect(balanceOf(invoice({ paid: 10_000, credited: 4_000, refunded: 4_000 }))).toBe(0);
  });
  it("cancelled wins", () => {
    expect(invoiceStatusOf(invoice({ cancelled: true }))).toBe("Cancelled");
  });
  it("is overdue only while owing, on a day after the due date", () => {
    expect(isOverdue("Pending", "2026-03-10", "2026-03-10")).toBe(false);
    expect(isOverdue("Pending", "2026-03-10", "2026-03-11")).toBe(true);
    expect(isOverdue("Partial", "2026-03-10", "2026-04-01")).toBe(true);
    expect(isOverdue("Paid", "2026-03-10", "2026-04-01")).toBe(false);
    expect(isOverdue("Cancelled", "2026-03-10", "2026-04-01")).toBe(false);
    expect(isOverdue("Pending", null, "2026-04-01")).toBe(false);
  });
});

describe("invoice payments", () => {
  it("take any amount above 0 up to the balance", () => {
    expect(checkInvoicePayment(invoice({ paid: 4_000 }), 6_000)).toEqual({ ok: true });
    expect(checkInvoicePayment(invoice(), 1)).toEqual({ ok: true });
  });
  it("refuse more than the balance with INVOICE_OVERPAYMENT on the amount", () => {
    expect(checkInvoicePayment(invoice({ paid: 4_000 }), 6_001)).toMatchObject({
      ok: false,
      code: "INVOICE_OVERPAYMENT",
      field: "amount",
    });
    expect(checkInvoicePayment(invoice({ credited: 5_000 }), 5_001)).toMatchObject({ code: "INVOICE_OVERPAYMENT" });
  });
  it("refuse zero, negative and fractions", () => {
    for (const amount of [0, -100, 10.5]) expect(checkInvoicePayment(invoice(), amount)).toMatchObject({ ok: false });
  });
  it("refuse a paid, credited or cancelled invoice", () => {
    expect(checkInvoicePayment(invoice({ paid: 10_000 }), 1)).toMatchObject({ code: "CONFLICT" });
    expect(checkInvoicePayment(invoice({ credited: 10_000 }), 1)).toMatchObject({ code: "CONFLICT" });
    expect(checkInvoicePayment(invoice({ cancelled: true }), 1)).toMatchObject({ code: "CONFLICT" });
  });
});

describe("editing and cancelling an invoice", () => {
  it("is allowed while Pending or Partial (the total not below what was paid)", () => {
    expect(checkInvoiceEdit(invoice(), 5_000)).toEqual({ ok: true });
    expect(checkInvoiceEdit(invoice({ paid: 4_000 }), 4_000)).toEqual({ ok: true });
    expect(checkInvoiceEdit(invoice({ paid: 4_000 }), 3_999)).toMatchObject({ ok: false, code: "UNPROCESSABLE" });
  });
  it("is refused once paid: a credit note instead", () => {
    expect(checkInvoiceEdit(invoice({ paid: 10_000 }), 10_000)).toMatchObject({ ok: false, code: "DOCUMENT_LOCKED" });
    expect(checkInvoiceEdit(invoice({ credited: 1_000 }), 10_000)).toMatchObject({ code: "DOCUMENT_LOCKED" });
  });
  it("cancels only an invoice with no payment and no credit note", () => {
    expect(checkInvoiceCancel(invoice())).toEqual({ ok: true });
    expect(checkInvoiceCancel(invoice({ paid: 1 }))).toMatchObject({ code: "DOCUMENT_LOCKED" });
    expect(checkInvoiceCancel(invoice({ credited: 1 }))).toMatchObject({ code: "DOCUMENT_LOCKED" });
    expect(checkInvoiceCancel(invoice({ cancelled: true }))).toMatchObject({ code: "CONFLICT" });
  });
});

describe("quotations", () => {
  it("convert once: the second time is QUOTATION_CONVERTED", () => {
    expect(checkQuotationConvert({ status: "Open" })).toEqual({ ok: true });
    expect(checkQuotationConvert({ status: "Converted" })).toMatchObject({ ok: false, code: "QUOTATION_CONVERTED" });
    expect(checkQuotationConvert({ status: "Cancelled" })).toMatchObject({ ok: false, code: "CONFLICT" });
  });
  it("are edited only while open", () => {
    expect(checkQuotationEdit({ status: "Open" })).toEqual({ ok: true });
    expect(checkQuotationEdit({ status: "Converted" })).toMatchObject({ code: "QUOTATION_CONVERTED" });
  });
});

describe("credit notes never exceed their invoice", () => {
  const lines = [
    { lineNo: 1, quantity: 3, creditedQuantity: 0, unitPrice: 2_000 },
    { lineNo: 2, quantity: 1, creditedQuantity: 0, unitPrice: 4_000 },
  ];
  const inv = { ...invoice(), lines };

  it("credit units of the invoice's lines at their price", () => {
    expect(planCreditNote(inv, [{ lineNo: 1, quantity: 2 }])).toEqual({
      ok: true,
      lines: [{ lineNo: 1, quantity: 2, unitPrice: 2_000, total: 4_000 }],
      total: 4_000,
    });
  });
  it("refuse more units than are left on a line (earlier credit notes count)", () => {
    expect(planCreditNote(inv, [{ lineNo: 1, quantity: 4 }])).toMatchObject({ code: "CREDIT_NOTE_EXCEEDS_INVOICE" });
    const after = { ...inv, credited: 4_000, lines: [{ ...lines[0]!, creditedQuantity: 2 }, lines[1]!] };
    expect(planCreditNote(after, [{ lineNo: 1, quantity: 2 }])).toMatchObject({ code: "CREDIT_NOTE_EXCEEDS_INVOICE" });
    expect(planCreditNote(after, [{ lineNo: 1, quantity: 1 }])).toMatchObject({ ok: true, total: 2_000 });
    // The same line named twice is added up.
    expect(
      planCreditNote(inv, [
        { lineNo: 2, quantity: 1 },
        { lineNo: 2, quantity: 1 },
      ]),
    ).toMatchObject({ code: "CREDIT_NOTE_EXCEEDS_INVOICE" });
  });
  it("refuse a line the invoice does not have, and a cancelled invoice", () => {
    expect(planCreditNote(inv, [{ lineNo: 9, quantity: 1 }])).toMatchObject({ code: "UNPROCESSABLE" });
    expect(planCreditNote({ ...inv, cancelled: true }, [{ lineNo: 1, quantity: 1 }])).toMatchObject({
      code: "CONFLICT",
    });
  });
  it("refund only what was received beyond the new balance", () => {
    expect(refundDue(invoice(), 4_000)).toBe(0);
    expect(refundDue(invoice({ paid: 8_000 }), 4_000)).toBe(2_000);
    expect(refundDue(invoice({ paid: 10_000 }), 4_000)).toBe(4_000);
  });
});
