import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SalesDocument } from "@app/shared/sales-documents/document";
import type { Sale } from "@app/shared/sales/sale";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { invoiceBody, moneyLedgerProblems, newClient, ok } from "../factories/money.ts";
import { pdfText } from "../factories/payroll.ts";
import { api, newProduct } from "../factories/sales.ts";

/** Invoices, quotations and credit notes: numbers, VAT per band, the state machine, payments, PDFs, access. */
let t: TestApp;
let owner: Owner;
let client: { _id: string };
let soda: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: "Duka Traders" });
  await ok(
    api(t.app, owner.token).send("PATCH", `/api/businesses/${owner.businessId}`, {
      kraPin: "P051111111A",
      vatRegistered: true,
      address: "Tom Mboya Street, Nairobi",
    }),
  );
  client = await newClient(t.app, owner, owner.businessId);
  // Fuel-like product in the 8% band.
  soda = await newProduct(t.app, owner, owner.businessId, { sellingprice: 10_800, taxType: "E", quantity: 1000 });
});
afterAll(() => t.close());

const owned = () => api(t.app, owner.token);
const expectRefused = async (
  status: number,
  code: string,
  request: () => Promise<{ statusCode: number; body: string }>,
) => {
  const before = await databaseFingerprint(t.database);
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body).error.code).toBe(code);
  expect(await databaseFingerprint(t.database)).toEqual(before);
  return JSON.parse(res.body) as { error: { message: string; fields?: Record<string, string> } };
};

describe("an invoice's money: VAT per band, part payments, the state machine", () => {
  let invoice: SalesDocument;

  it("is issued with the next INV number, the client's details and VAT per band from VAT-inclusive prices", async () => {
    invoice = await ok<SalesDocument>(
      owned().post("/api/invoices", {
        businessId: owner.businessId,
        clientId: client._id,
        lines: [
          { productId: soda._id, quantity: 2, unitPrice: 10_800 },
          { description: "Delivery", quantity: 1, unitPrice: 11_600 },
          { description: "Exempt service", quantity: 1, unitPrice: 5_000, taxType: "A" },
        ],
        // Due a month ago, whatever day the test runs.
        dueDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
      }),
    );
    expect(invoice).toMatchObject({
      type: "invoice",
      number: expect.stringMatching(/^INV-\d{6}$/),
      status: "Pending",
      overdue: true,
      party: { name: "Acme Kenya Ltd", kraPin: "P051234567X" },
      total: 21_600 + 11_600 + 5_000,
      etimsState: "pending",
    });
    expect(invoice.lines.map((l) => [l.description, l.taxType, l.taxable, l.tax])).toEqual([
      [expect.stringContaining("Product"), "E", 20_000, 1_600],
      ["Delivery", "B", 10_000, 1_600],
      ["Exempt service", "A", 5_000, 0],
    ]);
    expect(invoice.vatBands).toEqual([
      { taxType: "A", rateBp: 0, taxable: 5_000, tax: 0, total: 5_000 },
      { taxType: "B", rateBp: 1600, taxable: 10_000, tax: 1_600, total: 11_600 },
      { taxType: "E", rateBp: 800, taxable: 20_000, tax: 1_600, total: 21_600 },
    ]);
    expect(invoice.tax).toBe(3_200);
  });

  it("takes a part payment (Partial) and refuses one above the balance with 422, nothing saved", async () => {
    const partial = await ok<SalesDocument>(
      owned().post(`/api/invoices/${invoice._id}/payments`, {
        amount: 10_000,
        method: "M-Pesa",
        reference: "qk12ab34cd",
      }),
    );
    expect(partial).toMatchObject({ status: "Partial", amountPaid: 10_000, balance: 28_200 });
    expect(partial.payments[0]).toMatchObject({
      amount: 10_000,
      method: "M-Pesa",
      reference: "QK12AB34CD",
      refund: false,
    });
    const refused = await expectRefused(422, "INVOICE_OVERPAYMENT", () =>
      owned().post(`/api/invoices/${invoice._id}/payments`, { amount: 28_201, method: "Cash" }),
    );
    expect(refused.error.fields).toHaveProperty("amount");
    for (const amount of [0, -5, 1.5])
      await expectRefused(400, "VALIDATION_ERROR", () =>
        owned().post(`/api/invoices/${invoice._id}/payments`, { amount, method: "Cash" }),
      );
  });

  it("can be edited while Partial, not below what was paid", async () => {
    await expectRefused(422, "UNPROCESSABLE", () =>
      owned().put(`/api/invoices/${invoice._id}`, {
        clientId: client._id,
        lines: [{ description: "Less", quantity: 1, unitPrice: 9_999 }],
      }),
    );
  });

  it("is Paid when the balance is paid; editing it then is refused (issue a credit note)", async () => {
    const paid = await ok<SalesDocument>(
      owned().post(`/api/invoices/${invoice._id}/payments`, { amount: 28_200, method: "Cash" }),
    );
    expect(paid).toMatchObject({ status: "Paid", balance: 0, overdue: false });
    const locked = await expectRefused(409, "DOCUMENT_LOCKED", () =>
      owned().put(`/api/invoices/${invoice._id}`, invoiceBody(owner.businessId, client._id)),
    );
    expect(locked.error.message).toMatch(/credit note/);
    await expectRefused(409, "DOCUMENT_LOCKED", () => owned().del(`/api/invoices/${invoice._id}`));
    await expectRefused(409, "CONFLICT", () =>
      owned().post(`/api/invoices/${invoice._id}/payments`, { amount: 1, method: "Cash" }),
    );
  });

  it("takes credit notes that reference it, never beyond it; a paid invoice's credit is refunded", async () => {
    await expectRefused(422, "CREDIT_NOTE_EXCEEDS_INVOICE", () =>
      owned().post(`/api/invoices/${invoice._id}/creditNotes`, {
        reason: "Too many",
        lines: [{ lineNo: 1, quantity: 3 }],
        refundMethod: "Cash",
      }),
    );
    await expectRefused(400, "VALIDATION_ERROR", () =>
      owned().post(`/api/invoices/${invoice._id}/creditNotes`, {
        reason: "No refund method",
        lines: [{ lineNo: 1, quantity: 1 }],
      }),
    );
    const note = await ok<SalesDocument>(
      owned().post(`/api/invoices/${invoice._id}/creditNotes`, {
        reason: "One returned",
        lines: [{ lineNo: 1, quantity: 1 }],
        refundMethod: "M-Pesa",
      }),
    );
    expect(note).toMatchObject({
      type: "credit_note",
      number: expect.stringMatching(/^CN-\d{6}$/),
      status: "Issued",
      total: 10_800,
      vatBands: [{ taxType: "E", rateBp: 800, taxable: 10_000, tax: 800, total: 10_800 }],
      related: { _id: invoice._id, number: invoice.number, type: "invoice" },
      reason: "One returned",
      etimsState: "pending",
    });
    expect(note.lines[0]).toMatchObject({ invoiceLineNo: 1, quantity: 1 });
    const after = await ok<SalesDocument>(owned().get(`/api/invoices/${invoice._id}`));
    expect(after).toMatchObject({ status: "Paid", credited: 10_800, refunded: 10_800, balance: 0 });
    expect(after.lines[0]!.creditedQuantity).toBe(1);
    expect(after.creditNotes).toEqual([expect.objectContaining({ _id: note._id, total: 10_800 })]);
    // One unit is left on line 1: two more is beyond the invoice.
    await expectRefused(422, "CREDIT_NOTE_EXCEEDS_INVOICE", () =>
      owned().post(`/api/invoices/${invoice._id}/creditNotes`, {
        reason: "Again",
        lines: [{ lineNo: 1, quantity: 2 }],
        refundMethod: "Cash",
      }),
    );
    expect(await moneyLedgerProblems(t.database, owner.businessId)).toEqual([]);
  });

  it("prints as a PDF with both KRA PINs, the VAT table, the balance and the payment details", async () => {
    await ok(
      owned().post("/api/paymentDetails", {
        businessId: owner.businessId,
        method: "M-Pesa Paybill",
        details: "Business no. 522522, account 7788",
      }),
    );
    const open = await ok<SalesDocument>(
      owned().post("/api/invoices", invoiceBody(owner.businessId, client._id, 116_000)),
    );
    await ok(owned().post(`/api/invoices/${open._id}/payments`, { amount: 16_000, method: "Cash" }));
    const res = await owned().get(`/api/invoices/${open._id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(res.rawPayload);
    for (const want of [
      "TAX INVOICE",
      open.number,
      "Duka Traders",
      "KRA PIN: P051111111A",
      "Tom Mboya Street, Nairobi",
      "Acme Kenya Ltd",
      "KRA PIN: P051234567X",
      "VAT per tax band",
      "B VAT 16%",
      "1,000.00", // taxable
      "160.00", // VAT
      "Balance due",
      "KES 1,000.00", // 1,160.00 less 160.00 paid
      "M-Pesa Paybill: Business no. 522522, account 7788",
      "eTIMS: pending",
    ])
      expect(text, want).toContain(want);
  });
});

describe("quotations", () => {
  it("convert into an invoice once; the second time is 409 QUOTATION_CONVERTED", async () => {
    const q = await ok<SalesDocument>(
      owned().post("/api/quotations", {
        businessId: owner.businessId,
        customerName: "Walk-in Wanjiku",
        lines: [{ description: "Tent hire", quantity: 2, unitPrice: 5_800 }],
      }),
    );
    expect(q).toMatchObject({
      type: "quotation",
      number: expect.stringMatching(/^QUO-\d{6}$/),
      status: "Open",
      etimsState: "not_required",
    });
    expect(q.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const inv = await ok<SalesDocument>(owned().post(`/api/quotations/${q._id}/convert`, { dueDate: "2026-12-31" }));
    expect(inv).toMatchObject({
      type: "invoice",
      status: "Pending",
      total: 11_600,
      party: { name: "Walk-in Wanjiku" },
      related: { _id: q._id, number: q.number, type: "quotation" },
    });
    expect(await ok<SalesDocument>(owned().get(`/api/quotations/${q._id}`))).toMatchObject({
      status: "Converted",
      related: { _id: inv._id, number: inv.number },
    });
    await expectRefused(409, "QUOTATION_CONVERTED", () =>
      owned().post(`/api/quotations/${q._id}/convert`, { dueDate: "2026-12-31" }),
    );
    await expectRefused(409, "QUOTATION_CONVERTED", () =>
      owned().put(`/api/quotations/${q._id}`, {
        customerName: "x",
        lines: [{ description: "y", quantity: 1, unitPrice: 1 }],
      }),
    );
  });

  it("converting at the same moment twice gives one invoice", async () => {
    const q = await ok<SalesDocument>(
      owned().post("/api/quotations", {
        businessId: owner.businessId,
        clientId: client._id,
        lines: [{ description: "x", quantity: 1, unitPrice: 100 }],
      }),
    );
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => owned().post(`/api/quotations/${q._id}/convert`, { dueDate: "2026-12-31" })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it("a cancelled quotation keeps its number and cannot be converted", async () => {
    const q = await ok<SalesDocument>(
      owned().post("/api/quotations", {
        businessId: owner.businessId,
        clientId: client._id,
        lines: [{ description: "x", quantity: 1, unitPrice: 100 }],
      }),
    );
    expect(await ok<SalesDocument>(owned().del(`/api/quotations/${q._id}`))).toMatchObject({
      status: "Cancelled",
      number: q.number,
    });
    await expectRefused(409, "CONFLICT", () =>
      owned().post(`/api/quotations/${q._id}/convert`, { dueDate: "2026-12-31" }),
    );
  });
});

describe("numbers", () => {
  it("20 invoices created at the same moment get 20 consecutive numbers: no gap, no duplicate", async () => {
    const fresh = await registerBusiness(t.app);
    const caller = api(t.app, fresh.token);
    // One refused create first: its rolled-back transaction must not use up a number.
    const bad = await caller.post("/api/invoices", {
      ...invoiceBody(fresh.businessId, undefined),
      lines: [{ productId: soda._id, quantity: 1, unitPrice: 1 }],
    });
    expect(bad.statusCode).toBe(404);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => caller.post("/api/invoices", invoiceBody(fresh.businessId, undefined, 1_000))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const seqs = answers.map((a) => (a.json() as SalesDocument).seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Quotations count on their own.
    const q = await ok<SalesDocument>(
      caller.post("/api/quotations", {
        businessId: fresh.businessId,
        customerName: "x",
        lines: [{ description: "y", quantity: 1, unitPrice: 1 }],
      }),
    );
    expect(q.number).toBe("QUO-000001");
  });
});

describe("bad input and other businesses", () => {
  it("a client or product of another business is not found, nothing saved", async () => {
    const other = await registerBusiness(t.app);
    const theirClient = await newClient(t.app, other, other.businessId);
    await expectRefused(404, "NOT_FOUND", () =>
      owned().post("/api/invoices", invoiceBody(owner.businessId, theirClient._id)),
    );
    const theirProduct = await newProduct(t.app, other, other.businessId);
    await expectRefused(404, "NOT_FOUND", () =>
      owned().post("/api/quotations", {
        businessId: owner.businessId,
        clientId: client._id,
        lines: [{ productId: theirProduct._id, quantity: 1, unitPrice: 1 }],
      }),
    );
    // And their documents are not found from here.
    const theirs = await ok<SalesDocument>(
      api(t.app, other.token).post("/api/invoices", invoiceBody(other.businessId, theirClient._id)),
    );
    await expectRefused(404, "NOT_FOUND", () =>
      owned().post(`/api/invoices/${theirs._id}/payments`, { amount: 1, method: "Cash" }),
    );
  });

  it("refuses a document without lines, a line without description, negative prices, no client nor walk-in", async () => {
    for (const body of [
      { ...invoiceBody(owner.businessId, client._id), lines: [] },
      { ...invoiceBody(owner.businessId, client._id), lines: [{ quantity: 1, unitPrice: 100 }] },
      { ...invoiceBody(owner.businessId, client._id), lines: [{ description: "x", quantity: 1, unitPrice: -100 }] },
      { ...invoiceBody(owner.businessId, client._id), lines: [{ description: "x", quantity: 0, unitPrice: 100 }] },
      { businessId: owner.businessId, lines: [{ description: "x", quantity: 1, unitPrice: 100 }] },
      { ...invoiceBody(owner.businessId, client._id), dueDate: "31/01/2026" },
    ])
      await expectRefused(400, "VALIDATION_ERROR", () => owned().post("/api/invoices", body));
  });

  it("a line or a document above the money limit is 400 naming the field, never a 500; at the limit it is issued", async () => {
    // 1e11 cents (the largest price) times a million units is 1e17 cents: beyond every limit.
    const huge = [{ description: "Bulk", quantity: 1_000_000, unitPrice: 100_000_000_000 }];
    const base = invoiceBody(owner.businessId, client._id);
    for (const path of ["/api/invoices", "/api/quotations"]) {
      const refused = await expectRefused(400, "VALIDATION_ERROR", () => owned().post(path, { ...base, lines: huge }));
      expect(refused.error.fields).toEqual({ "lines.0.unitPrice": "The line's total is above KES 1,000,000,000.00" });
    }
    // Two lines each at the limit: the document's total is above it.
    const twoAtLimit = [
      { description: "Half", quantity: 1_000_000, unitPrice: 100_000 },
      { description: "Other half", quantity: 1, unitPrice: 100_000_000_000 },
    ];
    const overTotal = await expectRefused(400, "VALIDATION_ERROR", () =>
      owned().post("/api/invoices", { ...base, lines: twoAtLimit }),
    );
    expect(overTotal.error.fields).toEqual({ lines: "The total is above KES 1,000,000,000.00" });
    // A line at the limit (100,000 cents times a million units = 1e11) is issued; editing it above is refused.
    const atLimit = await ok<SalesDocument>(owned().post("/api/invoices", { ...base, lines: [twoAtLimit[0]] }));
    expect(atLimit.total).toBe(100_000_000_000);
    const edit = await expectRefused(400, "VALIDATION_ERROR", () =>
      owned().put(`/api/invoices/${atLimit._id}`, { clientId: client._id, lines: huge }),
    );
    expect(Object.keys(edit.error.fields ?? {})).toEqual(["lines.0.unitPrice"]);
  });

  it("Sales Documents are the owner's: staff get 403, even with every flag", async () => {
    const manager = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Manager",
      viewExpenses: true,
      viewSupplies: true,
    });
    const res = await api(t.app, manager.token).get(`/api/invoices?businessId=${owner.businessId}`);
    expect(res.statusCode).toBe(403);
    expect(
      (await api(t.app, manager.token).post("/api/clients", { businessId: owner.businessId, companyName: "Nope" }))
        .statusCode,
    ).toBe(403);
    // Payment details are read by anyone of the business (printed on receipts), written by the owner.
    expect((await api(t.app, manager.token).get(`/api/paymentDetails?businessId=${owner.businessId}`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await api(t.app, manager.token).post("/api/paymentDetails", {
          businessId: owner.businessId,
          method: "M-Pesa Till",
          details: "Till 12345",
        })
      ).statusCode,
    ).toBe(403);
  });

  it("lists invoices with filters and totals computed on the server", async () => {
    const page = await ok<{
      items: SalesDocument[];
      total: number;
      totals: { count: number; balance: number; overdue: number };
    }>(owned().get(`/api/invoices?businessId=${owner.businessId}&status=Partial`));
    expect(page.items.every((d) => d.status === "Partial")).toBe(true);
    expect(page.total).toBe(page.totals.count);
    const overdue = await ok<{ items: SalesDocument[] }>(
      owned().get(`/api/invoices?businessId=${owner.businessId}&overdue=true`),
    );
    expect(overdue.items.every((d) => d.overdue)).toBe(true);
    const byNumber = await ok<{ items: SalesDocument[] }>(
      owned().get(`/api/invoices?businessId=${owner.businessId}&q=INV-000001`),
    );
    expect(byNumber.items.map((d) => d.number)).toEqual(["INV-000001"]);
  });
});

describe("sales after VAT registration", () => {
  it("store their VAT per band and are pending for eTIMS", async () => {
    const plain = await newProduct(t.app, owner, owner.businessId, { sellingprice: 11_600, quantity: 10 });
    const sale = await ok<Sale>(
      owned().post("/api/sales", {
        businessId: owner.businessId,
        products: [
          { productId: plain._id, quantity: 1 },
          { productId: soda._id, quantity: 1 },
        ],
        payments: [{ method: "Cash", amount: 22_400 }],
      }),
    );
    expect(sale.products.map((l) => l.taxType)).toEqual(["B", "E"]);
    expect(sale.vatBands).toEqual([
      { taxType: "B", rateBp: 1600, taxable: 10_000, tax: 1_600, total: 11_600 },
      { taxType: "E", rateBp: 800, taxable: 10_000, tax: 800, total: 10_800 },
    ]);
    expect(sale.etimsState).toBe("pending");
  });
});
