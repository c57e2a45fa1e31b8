import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SalesDocument } from "@app/shared/sales-documents/document";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { invoiceBody, newClient, ok } from "../factories/money.ts";
import { pdfText } from "../factories/payroll.ts";

// Issue 30, item 9: every person in business must issue eTIMS invoices, so a business that has
// not connected eTIMS prints "eTIMS: not connected", never "not required". A quotation is no tax
// document: eTIMS is not required for it. (The 80 mm and A4 sale receipts: receipts-clients.test.ts;
// the till's browser and ESC/POS receipt: packages/shared/src/printing/receipt.test.ts.)

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const owned = () => client(t.app, owner.token);

describe("the eTIMS line of a business that has not connected eTIMS", () => {
  it("its invoice and credit note PDFs say 'eTIMS: not connected'; its quotation's says 'not required'", async () => {
    const acme = await newClient(t.app, owner, owner.businessId);
    const invoice = await ok<SalesDocument>(owned().post("/api/invoices", invoiceBody(owner.businessId, acme._id)));
    expect(invoice.etimsState).toBe("not_required");
    const invoicePdf = pdfText((await owned().get(`/api/invoices/${invoice._id}/pdf`)).rawPayload);
    expect(invoicePdf).toContain("eTIMS: not connected");
    expect(invoicePdf).not.toContain("not required");

    const credit = await ok<SalesDocument>(
      owned().post(`/api/invoices/${invoice._id}/creditNotes`, {
        reason: "Returned",
        lines: [{ lineNo: 1, quantity: 1 }],
      }),
    );
    const creditPdf = pdfText((await owned().get(`/api/creditNotes/${credit._id}/pdf`)).rawPayload);
    expect(creditPdf).toContain("eTIMS: not connected");

    const quotation = await ok<SalesDocument>(
      owned().post("/api/quotations", {
        businessId: owner.businessId,
        customerName: "Walk-in Wanjiku",
        lines: [{ description: "Tent hire", quantity: 2, unitPrice: 5_800 }],
      }),
    );
    const quotationPdf = pdfText((await owned().get(`/api/quotations/${quotation._id}/pdf`)).rawPayload);
    expect(quotationPdf).toContain("eTIMS: not required");
  });
});
