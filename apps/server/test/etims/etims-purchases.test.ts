import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EtimsPurchase, EtimsPurchases } from "@app/shared/etims/purchases";
import {
  ALL_FLAGS,
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { ETIMS_DETAILS, newKraPin, seedEtims } from "../factories/etims.ts";
import { newProduct, quantityOf } from "../factories/sales.ts";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";

// Issue 30 item 8, Purchases from KRA: the invoices suppliers issued to the business are fetched
// from KRA (selectTrnsPurchaseSalesList) and kept once; the owner confirms one into a supply
// (stock received through the ledger) or an expense (backed by KRA's invoice), or rejects it, and
// KRA is told (insertTrnsPurchase, checked field by field by the fake). KRA down saves nothing; a
// second answer is 409; another business and a cashier are refused.

let t: TestApp;
let kra: FakeEtims;
let owner: Owner;
let pin: string;
let supplierPin: string;

beforeAll(async () => {
  kra = await startFakeEtims();
  t = await createTestApp({ etims: { baseUrl: kra.url, timeoutMs: 1_000 } });
});
afterAll(async () => {
  await t.close();
  await kra.close();
});
beforeEach(async () => {
  kra.setDown(false);
  owner = await registerBusiness(t.app);
  pin = await seedEtims(t.app, kra, owner);
  supplierPin = newKraPin();
  kra.rejected.length = 0;
});
afterEach(() => expect(kra.rejected).toEqual([]));

const api = (token = owner.token) => client(t.app, token);

/**
 * An invoice a supplier issued to `custTin`, as KRA lists it: 10 bags of maize flour at 180 and a
 * delivery at 520, both 16% VAT (band B), 2,320 in all.
 */
const supplierSale = (custTin: string, spplrInvcNo: number, over: Record<string, unknown> = {}) => ({
  spplrTin: supplierPin,
  spplrNm: "Unga Millers Ltd",
  spplrBhfId: "00",
  spplrInvcNo,
  custTin,
  rcptTyCd: "S",
  pmtTyCd: "02",
  cfmDt: "2025-03-02 10:15:00",
  salesDt: "20250302",
  stockRlsDt: "2025-03-02 10:15:00",
  totItemCnt: 2,
  taxblAmtA: 0,
  taxblAmtB: 2320,
  taxblAmtC: 0,
  taxblAmtD: 0,
  taxblAmtE: 0,
  taxRtA: 0,
  taxRtB: 16,
  taxRtC: 0,
  taxRtD: 0,
  taxRtE: 8,
  taxAmtA: 0,
  taxAmtB: 320,
  taxAmtC: 0,
  taxAmtD: 0,
  taxAmtE: 0,
  totTaxblAmt: 2320,
  totTaxAmt: 320,
  totAmt: 2320,
  remark: null,
  itemList: [
    {
      itemSeq: 1,
      itemCd: "KE2BGKG0000007",
      itemClsCd: "5010150100",
      itemNm: "Maize flour 2kg",
      bcd: null,
      pkgUnitCd: "BG",
      pkg: 10,
      qtyUnitCd: "KG",
      qty: 10,
      prc: 180,
      splyAmt: 1800,
      dcRt: 0,
      dcAmt: 0,
      taxTyCd: "B",
      taxblAmt: 1800,
      taxAmt: 248.28,
      totAmt: 1800,
    },
    {
      itemSeq: 2,
      itemCd: "KE3NTU0000003",
      itemClsCd: "9999999999",
      itemNm: "Delivery to shop",
      bcd: null,
      pkgUnitCd: "NT",
      pkg: 1,
      qtyUnitCd: "U",
      qty: 1,
      prc: 520,
      splyAmt: 520,
      dcRt: 0,
      dcAmt: 0,
      taxTyCd: "B",
      taxblAmt: 520,
      taxAmt: 71.72,
      totAmt: 520,
    },
  ],
  ...over,
});

async function fetched(): Promise<number> {
  const res = await api().post("/api/etims/purchases/fetch", { businessId: owner.businessId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().added as number;
}
async function list(state?: string): Promise<EtimsPurchases> {
  const res = await api().get(`/api/etims/purchases?businessId=${owner.businessId}${state ? `&state=${state}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** One invoice issued to the business, fetched: returns it as listed. */
async function oneInvoice(invoiceNo = 88): Promise<EtimsPurchase> {
  kra.addSupplierSale(supplierSale(pin, invoiceNo));
  expect(await fetched()).toBe(1);
  return (await list()).items.find((p) => p.supplierInvoiceNo === invoiceNo)!;
}
const product = (over: Record<string, unknown> = {}) =>
  newProduct(t.app, owner, owner.businessId, { name: "Maize flour 2kg", quantity: 10, ...ETIMS_DETAILS, ...over });
const asSupply = (id: string, body: Record<string, unknown>, token = owner.token, headers?: Record<string, string>) =>
  api(token).post(`/api/etims/purchases/${id}/supply`, { businessId: owner.businessId, ...body }, headers);
const asExpense = (id: string, body: Record<string, unknown>, token = owner.token) =>
  api(token).post(`/api/etims/purchases/${id}/expense`, { businessId: owner.businessId, ...body });
/** Line 1 into the product, line 2 (the delivery) kept as a commodity. */
const supplyLines = (productId: string | null) => ({
  lines: [
    { seq: 1, productId, quantity: 10, unitCost: 18_000 },
    { seq: 2, productId: null, quantity: 1, unitCost: 52_000 },
  ],
});
const purchasesAtKra = () => [...kra.branch(pin).purchases.values()] as Record<string, unknown>[];
const count = async (table: string) =>
  (
    await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE business_id = $1`, [
      owner.businessId,
    ])
  ).rows[0]!.n;
async function stockPurchaseCategory(): Promise<string> {
  const res = await api().get(`/api/expenses/categories?businessId=${owner.businessId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { _id: string; name: string }[]).find((c) => c.name === "Stock purchase")!._id;
}

describe("purchases from KRA: fetched", () => {
  it("keeps each supplier invoice to this business once, with its lines, supplier, date, totals and tax bands", async () => {
    kra.addSupplierSale(supplierSale(pin, 88));
    kra.addSupplierSale(supplierSale(pin, 89, { pmtTyCd: "01" }));
    kra.addSupplierSale(supplierSale(newKraPin(), 90)); // to another buyer: not ours
    expect(await fetched()).toBe(2);
    const first = await list();
    expect(first).toMatchObject({ connected: true, waiting: 2 });
    expect(first.fetchedAt).not.toBeNull();
    const inv = first.items.find((p) => p.supplierInvoiceNo === 88)!;
    expect(inv).toMatchObject({
      supplierPin,
      supplierName: "Unga Millers Ltd",
      supplierBranch: "00",
      receiptType: "S",
      paymentType: "02",
      saleDate: "2025-03-02",
      totalTaxable: 232_000,
      totalTax: 32_000,
      total: 232_000,
      state: "new",
      confirmedAs: null,
    });
    expect(inv.bands.find((b) => b.taxType === "B")).toEqual({ taxType: "B", rate: 16, taxable: 232_000, tax: 32_000 });
    expect(inv.lines).toEqual([
      expect.objectContaining({
        seq: 1,
        itemCode: "KE2BGKG0000007",
        name: "Maize flour 2kg",
        quantity: 10,
        unitPrice: 18_000,
        tax: 24_828,
        total: 180_000,
      }),
      expect.objectContaining({
        seq: 2,
        name: "Delivery to shop",
        quantity: 1,
        unitPrice: 52_000,
        tax: 7_172,
        total: 52_000,
      }),
    ]);

    // Fetched again (KRA sends them again: the last hour is asked for again): nothing twice.
    expect(await fetched()).toBe(0);
    const again = await list();
    expect(again.items.map((p) => p._id).sort()).toEqual(first.items.map((p) => p._id).sort());
    expect(await count("etims_purchase_lines")).toBe(4);
    // A new invoice later: only it is added.
    kra.addSupplierSale(supplierSale(pin, 91));
    expect(await fetched()).toBe(1);
    expect((await list()).items).toHaveLength(3);
  });

  it("invoices waiting to be confirmed are counted where the owner is told of things to do (the eTIMS summary: dashboard card and bell)", async () => {
    const toConfirm = async () => {
      const res = await api().get(`/api/etims/summary?businessId=${owner.businessId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().purchasesToConfirm as number;
    };
    expect(await toConfirm()).toBe(0);
    kra.addSupplierSale(supplierSale(pin, 88));
    kra.addSupplierSale(supplierSale(pin, 89));
    // A supplier's credit note cannot be confirmed here (only rejected, or left): not counted.
    kra.addSupplierSale(supplierSale(pin, 90, { rcptTyCd: "R" }));
    expect(await fetched()).toBe(3);
    expect(await toConfirm()).toBe(2);
    const [first, second] = (await list()).items.filter((p) => p.receiptType === "S");
    expect(
      (await asExpense(first!._id, { categoryId: await stockPurchaseCategory(), method: "Cash" })).statusCode,
    ).toBe(200);
    expect(await toConfirm()).toBe(1);
    const rejected = await api().post(`/api/etims/purchases/${second!._id}/reject`, { businessId: owner.businessId });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await toConfirm()).toBe(0);
    // Another business's count is its own.
    const other = await registerBusiness(t.app);
    const theirs = await client(t.app, other.token).get(`/api/etims/summary?businessId=${other.businessId}`);
    expect(theirs.json()).toMatchObject({ connected: false, purchasesToConfirm: 0 });
  });

  it("KRA down: the fetch says so and keeps nothing", async () => {
    kra.addSupplierSale(supplierSale(pin, 88));
    kra.setDown(true);
    const res = await api().post("/api/etims/purchases/fetch", { businessId: owner.businessId });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe("ETIMS_UNAVAILABLE");
    expect(res.json().error.message).toMatch(/KRA eTIMS is not working|could not be reached/);
    expect((await list()).items).toEqual([]);
  });
});

describe("purchases from KRA: answered", () => {
  it("confirmed as a supply: the product's stock rises, the delivery is a commodity, KRA gets insertTrnsPurchase with every field", async () => {
    const flour = await product();
    const inv = await oneInvoice();
    const res = await asSupply(inv._id, supplyLines(flour._id));
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as EtimsPurchase;
    expect(done).toMatchObject({
      state: "confirmed",
      confirmedAs: "supply",
      expenseId: null,
      decidedBy: owner.username,
    });
    expect(done.supplyNumber).toBe(1);

    // The supply: from the supplier made from KRA's PIN and name, its product received into stock.
    expect(await quantityOf(t.app, owner, flour._id)).toBe(20);
    const supply = (await api().get(`/api/supplyrecord/${done.supplyId}`)).json();
    expect(supply).toMatchObject({ supplyNumber: 1, total: 232_000, balance: 232_000 });
    expect(supply.supplier.name).toBe("Unga Millers Ltd");
    expect(supply.products).toEqual([
      expect.objectContaining({ productId: flour._id, quantity: 10, unitCost: 18_000, transferred: 10 }),
    ]);
    expect(supply.commodities).toEqual([
      expect.objectContaining({ name: "Delivery to shop", quantity: 1, unitCost: 52_000 }),
    ]);
    const suppliers = (await api().get(`/api/suppliers?businessId=${owner.businessId}`)).json();
    expect(suppliers.items.map((s: { kraPin: string }) => s.kraPin)).toEqual([supplierPin]);

    // KRA: one purchase, approved, the supplier's figures, our item code on the product's line.
    const itemCode = ((await api().get(`/api/products/${flour._id}`)).json() as { etimsItemCode: string })
      .etimsItemCode;
    expect(itemCode).toMatch(/^KE2BOU\d{7}$/);
    expect(purchasesAtKra()).toHaveLength(1);
    const [sent] = purchasesAtKra();
    expect(sent).toMatchObject({
      tin: pin,
      bhfId: "00",
      invcNo: 1,
      orgInvcNo: 0,
      spplrTin: supplierPin,
      spplrBhfId: "00",
      spplrNm: "Unga Millers Ltd",
      spplrInvcNo: 88,
      regTyCd: "A",
      pchsTyCd: "N",
      rcptTyCd: "P",
      pmtTyCd: "02",
      pchsSttsCd: "02",
      pchsDt: "20250302",
      totItemCnt: 2,
      taxblAmtB: 2320,
      taxRtB: 16,
      taxAmtB: 320,
      totTaxblAmt: 2320,
      totTaxAmt: 320,
      totAmt: 2320,
      regrId: owner.username.slice(0, 20),
    });
    expect(sent!.cfmDt).toMatch(/^\d{14}$/);
    expect(sent!.wrhsDt).toMatch(/^\d{14}$/);
    expect(sent!.itemList).toEqual([
      expect.objectContaining({
        itemSeq: 1,
        itemCd: itemCode,
        itemClsCd: ETIMS_DETAILS.etimsItemClass,
        itemNm: "Maize flour 2kg",
        spplrItemCd: "KE2BGKG0000007",
        spplrItemClsCd: "5010150100",
        spplrItemNm: "Maize flour 2kg",
        // Our item, so our units (its item code is built from them); the quantity confirmed.
        pkgUnitCd: ETIMS_DETAILS.etimsPackagingUnit,
        qtyUnitCd: ETIMS_DETAILS.etimsQuantityUnit,
        qty: 10,
        prc: 180,
        splyAmt: 1800,
        dcRt: 0,
        dcAmt: 0,
        taxTyCd: "B",
        taxblAmt: 1800,
        taxAmt: 248.28,
        totAmt: 1800,
      }),
      expect.objectContaining({
        itemSeq: 2,
        itemCd: null,
        itemClsCd: "9999999999",
        spplrItemCd: "KE3NTU0000003",
        totAmt: 520,
      }),
    ]);
    expect((await list()).waiting).toBe(0);
  });

  it("confirmed as a supply in the owner's quantities: KRA gets those (10 bags counted as 120 packets), not the supplier's", async () => {
    const flour = await product({ name: "Maize flour 200g" });
    const inv = await oneInvoice();
    const res = await asSupply(inv._id, {
      lines: [
        { seq: 1, productId: flour._id, quantity: 120, unitCost: 1_500 },
        { seq: 2, productId: null, quantity: 2, unitCost: 26_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await quantityOf(t.app, owner, flour._id)).toBe(130);
    const [sent] = purchasesAtKra();
    expect(sent!.itemList).toEqual([
      expect.objectContaining({
        itemSeq: 1,
        itemNm: "Maize flour 200g",
        spplrItemNm: "Maize flour 2kg",
        qty: 120,
        pkg: 120,
        qtyUnitCd: ETIMS_DETAILS.etimsQuantityUnit,
        prc: 15,
        splyAmt: 1800,
        totAmt: 1800,
      }),
      // A commodity: the quantity confirmed, the supplier's units.
      expect.objectContaining({ itemSeq: 2, itemCd: null, qty: 2, qtyUnitCd: "U", prc: 260, totAmt: 520 }),
    ]);
    // The invoice's money is the supplier's.
    expect(sent).toMatchObject({ totAmt: 2320, totTaxblAmt: 2320, taxAmtB: 320 });
  });

  it("confirmed with an Idempotency-Key: a retry after success gets the first answer (200), not 409; one supply, KRA told once", async () => {
    const flour = await product();
    const inv = await oneInvoice();
    const key = { "idempotency-key": `confirm-${inv._id}` };
    const first = await asSupply(inv._id, supplyLines(flour._id), owner.token, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await asSupply(inv._id, supplyLines(flour._id), owner.token, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await count("supply_records")).toBe(1);
    expect(await quantityOf(t.app, owner, flour._id)).toBe(20);
    expect(purchasesAtKra()).toHaveLength(1);
    // Another key, or none, is a second confirmation: 409. The same key for another answer: 422.
    const other = await asSupply(inv._id, supplyLines(flour._id), owner.token, { "idempotency-key": "another-key-1" });
    expect(other.statusCode).toBe(409);
    const changed = await asSupply(inv._id, { ...supplyLines(null) }, owner.token, key);
    expect(changed.statusCode).toBe(422);
    const expense = await api().post(
      `/api/etims/purchases/${inv._id}/expense`,
      { businessId: owner.businessId, categoryId: await stockPurchaseCategory(), method: "Cash" },
      key,
    );
    expect(expense.statusCode).toBe(422);
    // A key whose first attempt failed (KRA down) saved nothing: the same key confirms once KRA is back.
    const inv2 = await oneInvoice(90);
    const key2 = { "idempotency-key": `confirm-${inv2._id}` };
    kra.setDown(true);
    expect((await asSupply(inv2._id, supplyLines(flour._id), owner.token, key2)).statusCode).toBe(502);
    kra.setDown(false);
    const later = await asSupply(inv2._id, supplyLines(flour._id), owner.token, key2);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ state: "confirmed", supplyNumber: 2 });
  });

  it("confirmed as a supply paid in full on delivery: KRA's payment type is the method's, the payment is in the cash book", async () => {
    const flour = await product();
    const inv = await oneInvoice();
    const res = await asSupply(inv._id, { ...supplyLines(flour._id), amountPaid: 232_000, paymentMethod: "M-Pesa" });
    expect(res.statusCode, res.body).toBe(200);
    expect(purchasesAtKra()[0]).toMatchObject({ pmtTyCd: "06", pchsSttsCd: "02" });
    const { rows } = await t.database.pool.query(
      "SELECT kind, direction, method, amount::int AS amount FROM money_movements WHERE business_id = $1",
      [owner.businessId],
    );
    expect(rows).toEqual([{ kind: "supplier_payment", direction: "out", method: "M-Pesa", amount: 232_000 }]);
  });

  it("confirmed as an expense: paid to the supplier, the invoice number as reference, KRA's eTIMS invoice that stays ticked", async () => {
    const inv = await oneInvoice();
    const categoryId = await stockPurchaseCategory();
    const res = await asExpense(inv._id, { categoryId, method: "Cash" });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as EtimsPurchase;
    expect(done).toMatchObject({ state: "confirmed", confirmedAs: "expense", supplyId: null });
    const expense = (await api().get(`/api/expenses/${done.expenseId}`)).json();
    expect(expense).toMatchObject({
      amount: 232_000,
      method: "Cash",
      paidTo: "Unga Millers Ltd",
      reference: "88",
      categoryId,
      hasEtimsInvoice: true,
      etimsPurchaseId: inv._id,
      fromTill: false,
    });
    expect(expense.note).toContain(supplierPin);
    // The supplier's sale date, midday in Nairobi.
    expect(expense.spentAt).toBe("2025-03-02T09:00:00.000Z");
    // KRA's invoice is not a box to untick.
    const untick = await api().put(`/api/expenses/${done.expenseId}`, { hasEtimsInvoice: false });
    expect(untick.statusCode).toBe(422);
    expect((await api().get(`/api/expenses/${done.expenseId}`)).json().hasEtimsInvoice).toBe(true);
    expect((await api().put(`/api/expenses/${done.expenseId}`, { note: "flour and delivery" })).statusCode).toBe(200);
    // KRA: approved, paid in cash, no item of ours on any line.
    const [sent] = purchasesAtKra();
    expect(sent).toMatchObject({ pchsSttsCd: "02", pmtTyCd: "01", spplrInvcNo: 88, totAmt: 2320, wrhsDt: null });
    expect((sent!.itemList as { itemCd: unknown }[]).map((l) => l.itemCd)).toEqual([null, null]);
    expect(await count("supply_records")).toBe(0);
  });

  it("rejected: KRA is told (04), nothing is recorded, and it cannot be confirmed afterwards", async () => {
    const inv = await oneInvoice();
    const res = await api().post(`/api/etims/purchases/${inv._id}/reject`, { businessId: owner.businessId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "rejected", confirmedAs: null, supplyId: null, expenseId: null });
    const [sent] = purchasesAtKra();
    expect(sent).toMatchObject({ pchsSttsCd: "04", spplrInvcNo: 88, pmtTyCd: "02" });
    expect(sent!.cnclDt).toMatch(/^\d{14}$/);
    const again = await asExpense(inv._id, { categoryId: await stockPurchaseCategory(), method: "Cash" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already rejected/);
    expect([await count("supply_records"), await count("expenses")]).toEqual([0, 0]);
    expect(purchasesAtKra()).toHaveLength(1);
  });

  it("confirmed twice, one after the other or at once: one supply, stock received once, KRA told once", async () => {
    // A product without eTIMS details: its line goes to KRA with the supplier's codes only.
    const flour = await product({ etimsItemClass: null, etimsItemType: null });
    const first = await oneInvoice(88);
    expect((await asSupply(first._id, supplyLines(flour._id))).statusCode).toBe(200);
    const twice = await asSupply(first._id, supplyLines(flour._id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already confirmed as supply 1/);
    expect((purchasesAtKra()[0]!.itemList as { itemCd: unknown }[])[0]!.itemCd).toBeNull();

    const second = await oneInvoice(89);
    const both = await Promise.all([
      asSupply(second._id, supplyLines(flour._id)),
      asSupply(second._id, supplyLines(flour._id)),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count("supply_records")).toBe(2);
    expect(await quantityOf(t.app, owner, flour._id)).toBe(30);
    expect(purchasesAtKra().map((p) => p.spplrInvcNo)).toEqual([88, 89]);
  });

  it("KRA down when confirming: a clear error, nothing saved, and it can be confirmed once KRA is back", async () => {
    const flour = await product();
    const inv = await oneInvoice();
    kra.setDown(true);
    const res = await asSupply(inv._id, supplyLines(flour._id));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe("ETIMS_UNAVAILABLE");
    expect(res.json().error.message).toMatch(/^Nothing was saved: KRA did not take the answer\. KRA eTIMS/);
    expect(await quantityOf(t.app, owner, flour._id)).toBe(10);
    expect([await count("supply_records"), await count("suppliers"), await count("money_movements")]).toEqual([
      0, 0, 0,
    ]);
    expect((await list()).items[0]).toMatchObject({ state: "new", confirmedAs: null });

    const expense = await asExpense(inv._id, { categoryId: await stockPurchaseCategory(), method: "Cash" });
    expect(expense.statusCode).toBe(502);
    expect(await count("expenses")).toBe(0);

    kra.setDown(false);
    expect((await asSupply(inv._id, supplyLines(flour._id))).statusCode).toBe(200);
    expect(await quantityOf(t.app, owner, flour._id)).toBe(20);
  });

  it("KRA refusing the answer: its reason, nothing saved", async () => {
    const inv = await oneInvoice();
    kra.failNext({ kind: "result", resultCd: "910", resultMsg: "Request parameter error" });
    const res = await asExpense(inv._id, { categoryId: await stockPurchaseCategory(), method: "Bank Transfer" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("ETIMS_REFUSED");
    expect(res.json().error.message).toContain("KRA refused the data sent");
    expect(await count("expenses")).toBe(0);
    expect((await list()).waiting).toBe(1);
  });

  it("an answer KRA already holds (our record of it lost): KRA's 994 counts as done", async () => {
    const inv = await oneInvoice();
    const categoryId = await stockPurchaseCategory();
    expect((await asExpense(inv._id, { categoryId, method: "Cash" })).statusCode).toBe(200);
    // As if the answer reached KRA but our record of it did not: the invoice new again.
    await t.database.pool.query(
      `UPDATE etims_purchases SET state = 'new', confirmed_as = NULL, expense_id = NULL, decided_at = NULL, decided_by = NULL
       WHERE business_id = $1`,
      [owner.businessId],
    );
    const res = await asExpense(inv._id, { categoryId, method: "Cash" });
    expect(res.statusCode, res.body).toBe(200);
    expect(kra.rejected.splice(0).map((r) => `${r.resultCd} ${r.reason}`)).toEqual(["994 invcNo already sent"]);
    expect(purchasesAtKra()).toHaveLength(1);
  });

  it("a line the owner has not answered, or a product of another business: refused before KRA hears of it", async () => {
    const inv = await oneInvoice();
    const partial = await asSupply(inv._id, { lines: [{ seq: 1, productId: null, quantity: 10, unitCost: 18_000 }] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.fields.lines).toMatch(/line 2/);
    const other = await registerBusiness(t.app);
    const theirs = await newProduct(t.app, other, other.businessId);
    const foreign = await asSupply(inv._id, supplyLines(theirs._id));
    expect(foreign.statusCode).toBe(404);
    expect(purchasesAtKra()).toEqual([]);
    expect((await list()).items[0]!.state).toBe("new");
  });
});

describe("purchases from KRA: who may", () => {
  it("another business cannot see, confirm or reject them (404), nor name this business (403)", async () => {
    const inv = await oneInvoice();
    const other = await registerBusiness(t.app);
    const theirs = client(t.app, other.token);
    const own = await theirs.get(`/api/etims/purchases?businessId=${other.businessId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().items).toEqual([]);
    expect(own.body).not.toContain(inv._id);
    for (const [path, body] of [
      ["supply", supplyLines(null)],
      ["expense", { categoryId: await stockPurchaseCategory(), method: "Cash" }],
      ["reject", {}],
    ] as const) {
      const res = await theirs.post(`/api/etims/purchases/${inv._id}/${path}`, {
        businessId: other.businessId,
        ...body,
      });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
    }
    expect((await theirs.get(`/api/etims/purchases?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect(
      (await theirs.post(`/api/etims/purchases/${inv._id}/reject`, { businessId: owner.businessId })).statusCode,
    ).toBe(403);
    expect((await theirs.post("/api/etims/purchases/fetch", { businessId: owner.businessId })).statusCode).toBe(403);
    expect((await list()).items[0]!.state).toBe("new");
    expect(purchasesAtKra()).toEqual([]);
  });

  it("a cashier (even with every permission flag) is refused (403)", async () => {
    const inv = await oneInvoice();
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier", ...ALL_FLAGS });
    const staff = client(t.app, cashier.token);
    expect((await staff.get(`/api/etims/purchases?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await staff.post("/api/etims/purchases/fetch", { businessId: owner.businessId })).statusCode).toBe(403);
    expect((await asSupply(inv._id, supplyLines(null), cashier.token)).statusCode).toBe(403);
    expect(
      (await asExpense(inv._id, { categoryId: await stockPurchaseCategory(), method: "Cash" }, cashier.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await staff.post(`/api/etims/purchases/${inv._id}/reject`, { businessId: owner.businessId })).statusCode,
    ).toBe(403);
    expect(purchasesAtKra()).toEqual([]);
  });

  it("a business not connected to eTIMS: nothing to fetch (503) and an empty list", async () => {
    const plain = await registerBusiness(t.app);
    const res = await client(t.app, plain.token).post("/api/etims/purchases/fetch", { businessId: plain.businessId });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("NOT_CONFIGURED");
    const listed = await client(t.app, plain.token).get(`/api/etims/purchases?businessId=${plain.businessId}`);
    expect(listed.json()).toEqual({ connected: false, fetchedAt: null, waiting: 0, items: [] });
  });
});
