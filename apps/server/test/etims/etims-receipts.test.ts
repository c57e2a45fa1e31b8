import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EtimsProof } from "@app/shared/etims/proof";
import type { SalesDocument } from "@app/shared/sales-documents/document";
import type { ReceiptPage } from "@app/shared/sales-documents/receipt";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { seedEtims } from "../factories/etims.ts";
import { invoiceBody, newClient, ok } from "../factories/money.ts";
import { pdfText } from "../factories/payroll.ts";
import { newProduct, sold, startFakePrinter, textOf, type FakePrinter } from "../factories/sales.ts";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";

// Issue 30, item 6: receipts and documents carry KRA's proof once signed (the SCU id, KRA's receipt
// number, the internal data, the signature, KRA's date and time, the band table and KRA's QR code
// holding the verification link); "Awaiting KRA signature" before; "eTIMS: not connected" for a
// business that has not connected. The queue that signs sales is another piece of work: here a
// sale or document is signed by writing KRA's proof into its row, as the queue will.

let t: TestApp;
let kra: FakeEtims;
let owner: Owner;
let pin: string;
const printers: FakePrinter[] = [];

beforeAll(async () => {
  kra = await startFakeEtims();
  t = await createTestApp({
    etims: { baseUrl: kra.url, timeoutMs: 1_000 },
    tillMpesa: {
      darajaBaseUrl: "http://127.0.0.1:9",
      publicUrl: null,
      callbackToken: "x".repeat(40),
      credentialsKey: "credentials-key-for-tests-0123456789abcdef",
    },
  });
  owner = await registerBusiness(t.app);
  pin = await seedEtims(t.app, kra, owner);
});
afterAll(async () => {
  await t.close();
  await kra.close();
});
afterEach(async () => {
  await Promise.all(printers.splice(0).map((p) => p.stop()));
  expect(kra.rejected).toEqual([]);
});

const owned = () => client(t.app, owner.token);
const proofOf = (n: number): EtimsProof => ({
  sdcId: kra.device(pin)!.sdcId,
  mrcNo: kra.device(pin)!.mrcNo,
  invcNo: n,
  curRcptNo: n,
  totRcptNo: n + 100,
  intrlData: `INTRL${String(n).padStart(21, "0")}`,
  rcptSign: `SIGN${String(n).padStart(12, "0")}`,
  sdcDateTime: "20260301123005",
});
/** KRA's verification link for this business's branch (the fake runs as neither production nor sandbox: the sandbox's link). */
const linkOf = (proof: EtimsProof) =>
  `https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${pin}00${proof.rcptSign}`;
/** Signs a row as the queue will: KRA's proof written into it, state signed. */
async function sign(table: "sales" | "sales_documents", id: string, proof: EtimsProof) {
  await t.database.pool.query(`UPDATE ${table} SET etims_state = 'signed', etims_proof = $2 WHERE id = $1`, [
    id,
    JSON.stringify(proof),
  ]);
}
/** pdfText keeps a long line as the PDF wraps it; the words, joined, read as one. */
const flat = (text: string) => text.replace(/\s+/g, "");

async function newSale() {
  const p = await newProduct(t.app, owner, owner.businessId, { name: "Sukuma bunch" });
  return sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 2 }], 20_000);
}
async function receiptIdOf(saleId: string): Promise<string> {
  const page = await ok<ReceiptPage>(owned().get(`/api/receipts?businessId=${owner.businessId}&pageSize=100`));
  return page.items.find((r) => r.kind === "sale_payment" && r.sourceId === saleId)!._id;
}

describe("the business's eTIMS branch for its receipts", () => {
  it("gives staff who print receipts the PIN, branch and environment, never the key; null when not connected", async () => {
    const branch = await ok(owned().get(`/api/etims/receipt-branch?businessId=${owner.businessId}`));
    expect(branch).toEqual({ tin: pin, bhfId: "00", production: false });
    const cashier = await registerEmployee(t.app, owner, owner.businessId);
    const asCashier = await client(t.app, cashier.token).get(
      `/api/etims/receipt-branch?businessId=${owner.businessId}`,
    );
    expect(asCashier.statusCode, asCashier.body).toBe(200);
    expect(asCashier.body).not.toMatch(/cmc/i);
    const other = await registerBusiness(t.app);
    expect(await ok(client(t.app, other.token).get(`/api/etims/receipt-branch?businessId=${other.businessId}`))).toBe(
      null,
    );
    // Another business's branch is not for this owner.
    const foreign = await client(t.app, other.token).get(`/api/etims/receipt-branch?businessId=${owner.businessId}`);
    expect([403, 404]).toContain(foreign.statusCode);
  });
});

describe("a sale's receipt, 80 mm and A4", () => {
  it("says 'Awaiting KRA signature' until signed, then prints KRA's proof and the verification link", async () => {
    const sale = await newSale();
    expect(sale.etimsState).toBe("pending");
    const receiptId = await receiptIdOf(sale._id);
    for (const format of ["80mm", "a4"]) {
      const text = pdfText((await owned().get(`/api/receipts/${receiptId}/pdf?format=${format}`)).rawPayload);
      expect(text, format).toContain("Awaiting KRA signature");
      expect(text, format).not.toContain("Receipt signature");
    }
    const proof = proofOf(12);
    await sign("sales", sale._id, proof);
    for (const format of ["80mm", "a4"]) {
      const res = await owned().get(`/api/receipts/${receiptId}/pdf?format=${format}`);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      for (const want of [
        "Control unit information (KRA eTIMS)",
        "SCU ID",
        proof.sdcId,
        "KRA receipt no.",
        "12/112",
        "Internal data:",
        proof.intrlData,
        "Receipt signature",
        proof.rcptSign,
        "KRA date and time",
        "01/03/2026 12:30:05",
        // The per-band tax table (this business is not registered for VAT: band D).
        "D Non-VAT",
      ])
        expect(text, `${format}: ${want}`).toContain(want);
      expect(flat(text), format).toContain(flat(linkOf(proof)));
      expect(text, format).not.toContain("Awaiting KRA signature");
    }
  });

  it("on the network receipt printer: KRA's proof and the printer's own QR command holding the link", async () => {
    const fake = await startFakePrinter();
    printers.push(fake);
    const added = await owned().post("/api/printers", {
      businessId: owner.businessId,
      name: "Till printer",
      kind: "network",
      role: "receipt",
      host: "127.0.0.1",
      port: fake.port,
    });
    expect(added.statusCode, added.body).toBe(201);
    const sale = await newSale();
    expect(await ok(owned().post(`/api/sales/${sale._id}/print`, {}))).toMatchObject({ printStatus: "sent" });
    const before = textOf(fake.jobs.at(-1)!);
    expect(before).toContain("Awaiting KRA signature");
    expect(before).toContain("Inasubiri sahihi ya KRA");
    const proof = proofOf(13);
    await sign("sales", sale._id, proof);
    expect(await ok(owned().post(`/api/sales/${sale._id}/print`, {}))).toMatchObject({ printStatus: "sent" });
    const bytes = fake.jobs.at(-1)!;
    const after = textOf(bytes);
    expect(after).toContain(proof.rcptSign);
    expect(after).toContain("13/113");
    // GS ( k, function 180 (store the QR code's data): 0x1d 0x28 0x6b pL pH 0x31 0x50 0x30, then the link.
    const link = linkOf(proof);
    const store = Buffer.concat([
      Buffer.from([0x1d, 0x28, 0x6b, (link.length + 3) & 0xff, (link.length + 3) >> 8, 0x31, 0x50, 0x30]),
      Buffer.from(link, "latin1"),
    ]);
    expect(bytes.indexOf(store)).toBeGreaterThan(0);
    // ...and function 181 prints it.
    expect(bytes.indexOf(Buffer.from([0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30]))).toBeGreaterThan(0);
    expect(after).not.toContain("Awaiting KRA signature");
  });
});

describe("the A4 invoice and credit note", () => {
  it("print 'Awaiting KRA signature', then once signed KRA's receipt number, proof and verification link", async () => {
    const acme = await newClient(t.app, owner, owner.businessId);
    const invoice = await ok<SalesDocument>(owned().post("/api/invoices", invoiceBody(owner.businessId, acme._id)));
    expect(invoice.etimsState).toBe("pending");
    const invoicePdf = async () => pdfText((await owned().get(`/api/invoices/${invoice._id}/pdf`)).rawPayload);
    expect(await invoicePdf()).toContain("Awaiting KRA signature");
    const proof = proofOf(21);
    await sign("sales_documents", invoice._id, proof);
    const signed = await invoicePdf();
    for (const want of [
      "KRA receipt no. 21/121",
      "Control unit information (KRA eTIMS)",
      proof.sdcId,
      proof.intrlData,
      proof.rcptSign,
      "01/03/2026 12:30:05",
      "VAT per tax band",
    ])
      expect(signed, want).toContain(want);
    expect(flat(signed)).toContain(flat(linkOf(proof)));
    expect(signed).not.toContain("Awaiting KRA signature");

    const credit = await ok<SalesDocument>(
      owned().post(`/api/invoices/${invoice._id}/creditNotes`, {
        reason: "Returned",
        lines: [{ lineNo: 1, quantity: 1 }],
      }),
    );
    const creditPdf = async () => pdfText((await owned().get(`/api/creditNotes/${credit._id}/pdf`)).rawPayload);
    expect(await creditPdf()).toContain("Awaiting KRA signature");
    const creditProof = { ...proofOf(3), rcptSign: "CREDITSIGN000003" };
    await sign("sales_documents", credit._id, creditProof);
    const signedCredit = await creditPdf();
    expect(signedCredit).toContain("CREDIT NOTE");
    expect(signedCredit).toContain("KRA receipt no. 3/103");
    expect(signedCredit).toContain("CREDITSIGN000003");
    expect(flat(signedCredit)).toContain(flat(linkOf(creditProof)));
  });

  it("a business not connected keeps 'eTIMS: not connected' and prints no KRA block", async () => {
    const plain = await registerBusiness(t.app);
    const acme = await newClient(t.app, plain, plain.businessId);
    const invoice = await ok<SalesDocument>(
      client(t.app, plain.token).post("/api/invoices", invoiceBody(plain.businessId, acme._id)),
    );
    const text = pdfText((await client(t.app, plain.token).get(`/api/invoices/${invoice._id}/pdf`)).rawPayload);
    expect(text).toContain("eTIMS: not connected");
    expect(text).not.toMatch(/Awaiting KRA|Control unit information/);
  });
});
