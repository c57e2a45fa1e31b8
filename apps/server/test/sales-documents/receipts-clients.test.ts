import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@app/shared/sales-documents/client";
import type { PaymentDetail } from "@app/shared/sales-documents/payment-detail";
import type { ReceiptPage } from "@app/shared/sales-documents/receipt";
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
import { invoiceBody, newClient, ok } from "../factories/money.ts";
import { pdfText } from "../factories/payroll.ts";
import { api, newProduct } from "../factories/sales.ts";

/** Clients, payment details and receipts (reprinted on 80 mm and A4). */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: "Mama Mboga Stores" });
});
afterAll(() => t.close());
const owned = () => api(t.app, owner.token);

describe("clients", () => {
  it("are added with company name, KRA PIN, contact and address; searched; edited; archived on delete", async () => {
    const c = await newClient(t.app, owner, owner.businessId, { companyName: "Jua Kali Works", kraPin: "a000000001z" });
    expect(c).toMatchObject({ companyName: "Jua Kali Works", kraPin: "A000000001Z", address: "Moi Avenue, Nairobi" });
    const found = await ok<Client[]>(owned().get(`/api/clients?businessId=${owner.businessId}&q=jua`));
    expect(found.map((x) => x._id)).toEqual([c._id]);
    expect(await ok<Client>(owned().put(`/api/clients/${c._id}`, { phone: "0733000444", kraPin: "" }))).toMatchObject({
      phone: "0733000444",
      kraPin: null,
    });
    expect(await ok(owned().del(`/api/clients/${c._id}`))).toEqual({ archived: true });
    expect(await ok<Client[]>(owned().get(`/api/clients?businessId=${owner.businessId}`))).not.toContainEqual(
      expect.objectContaining({ _id: c._id }),
    );
    expect((await owned().get(`/api/clients/${c._id}`)).statusCode).toBe(404);
  });

  it("refuse a malformed KRA PIN or email, and a missing name, nothing saved", async () => {
    for (const body of [
      { companyName: "X Ltd", kraPin: "12345" },
      { companyName: "X Ltd", email: "not-mail" },
      { companyName: "" },
    ]) {
      const before = await databaseFingerprint(t.database);
      const res = await owned().post("/api/clients", { businessId: owner.businessId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(await databaseFingerprint(t.database)).toEqual(before);
    }
  });
});

describe("payment details", () => {
  it("are listed in the order added and removed by the owner", async () => {
    const a = await ok<PaymentDetail>(
      owned().post("/api/paymentDetails", {
        businessId: owner.businessId,
        method: "M-Pesa Till",
        details: "Till 556677",
      }),
    );
    await ok(
      owned().post("/api/paymentDetails", {
        businessId: owner.businessId,
        method: "Bank Account",
        details: "KCB Moi Ave 1100223344",
      }),
    );
    expect(
      (await ok<PaymentDetail[]>(owned().get(`/api/paymentDetails?businessId=${owner.businessId}`))).map(
        (d) => d.method,
      ),
    ).toEqual(["M-Pesa Till", "Bank Account"]);
    expect(await ok(owned().del(`/api/paymentDetails/${a._id}`))).toEqual({ deleted: true });
    expect((await owned().del(`/api/paymentDetails/${a._id}`)).statusCode).toBe(404);
    expect(
      (await owned().post("/api/paymentDetails", { businessId: owner.businessId, method: "Cheque", details: "x" }))
        .statusCode,
    ).toBe(400);
  });
});

describe("receipts", () => {
  it("list every sale and payment that took money in, and reprint each on 80 mm and A4", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, {
      sellingprice: 5_000,
      quantity: 100,
      name: "Sukuma bunch",
    });
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const sale = await ok<Sale>(
      api(t.app, cashier.token).post("/api/sales", {
        businessId: owner.businessId,
        products: [{ productId: p._id, quantity: 2 }],
        payments: [
          { method: "Cash", amount: 4_000, tendered: 5_000 },
          { method: "M-Pesa", amount: 6_000, reference: "QK55AA66BB" },
        ],
      }),
    );
    const credit = await ok<Sale>(
      owned().post("/api/sales", {
        businessId: owner.businessId,
        products: [{ productId: p._id, quantity: 1 }],
        payments: [{ method: "Credit", amount: 5_000 }],
        customerName: "Baraka",
        customerPhone: "0700111222",
      }),
    );
    await ok(owned().put(`/api/sales/salecredit/${credit._id}`, { amountPaid: 2_000, paymentMethod: "Cash" }));
    const client = await newClient(t.app, owner, owner.businessId);
    const inv = await ok<SalesDocument>(
      owned().post("/api/invoices", invoiceBody(owner.businessId, client._id, 50_000)),
    );
    await ok(
      owned().post(`/api/invoices/${inv._id}/payments`, {
        amount: 20_000,
        method: "Bank Transfer",
        reference: "FT123",
      }),
    );
    const voided = await ok<Sale>(
      owned().post("/api/sales", {
        businessId: owner.businessId,
        products: [{ productId: p._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 5_000 }],
      }),
    );
    await ok(owned().del(`/api/sales/${voided._id}`));

    const page = await ok<ReceiptPage>(owned().get(`/api/receipts?businessId=${owner.businessId}`));
    expect(page.total).toBe(4);
    expect(page.items.map((r) => [r.kind, r.description, r.amount, r.methods, r.reversed])).toEqual([
      ["sale_payment", `Sale #${voided.saleNumber}`, 5_000, "Cash", true],
      ["invoice_payment", `Payment on ${inv.number}`, 20_000, "Bank Transfer", false],
      ["credit_repayment", `Payment on Sale #${credit.saleNumber}`, 2_000, "Cash", false],
      ["sale_payment", `Sale #${sale.saleNumber}`, 10_000, "Cash + M-Pesa", false],
    ]);
    const saleReceipt = page.items[3]!;
    for (const format of ["80mm", "a4"]) {
      const res = await owned().get(`/api/receipts/${saleReceipt._id}/pdf?format=${format}`);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      for (const want of [
        "Mama Mboga Stores",
        "KRA PIN: not set",
        `RECEIPT · Sale #${sale.saleNumber}`,
        "2 x Sukuma bunch (D)",
        "TOTAL",
        "KES 100.00",
        "M-Pesa QK55AA66BB",
        "Change",
        "eTIMS: not connected",
      ])
        expect(text, `${format}: ${want}`).toContain(want);
    }
    // The cashier reprints from the till; the A4 and 80 mm pages differ in size.
    const roll = await api(t.app, cashier.token).get(`/api/receipts/${saleReceipt._id}/pdf?format=80mm`);
    expect(roll.statusCode).toBe(200);
    expect(roll.rawPayload.toString("latin1")).toMatch(/MediaBox \[0 0 226\.77/);
    const invoiceReceipt = pdfText((await owned().get(`/api/receipts/${page.items[1]!._id}/pdf?format=a4`)).rawPayload);
    for (const want of [
      "PAYMENT RECEIPT",
      "Acme Kenya Ltd",
      "KES 200.00",
      "Bank Transfer FT123",
      "Balance due",
      "KES 300.00",
    ])
      expect(invoiceReceipt).toContain(want);
    const creditReceipt = pdfText((await owned().get(`/api/receipts/${page.items[2]!._id}/pdf`)).rawPayload);
    for (const want of ["Received from Baraka", "KES 20.00", "Balance now", "KES 30.00"])
      expect(creditReceipt).toContain(want);
    // Another business cannot reprint it.
    const stranger = await registerBusiness(t.app);
    expect((await api(t.app, stranger.token).get(`/api/receipts/${saleReceipt._id}/pdf`)).statusCode).toBe(404);
  });
});
