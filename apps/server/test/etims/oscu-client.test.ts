import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { saleToOscu, oscuItemCode, type EtimsSaleInput } from "@app/shared/etims/sale-payload";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";
import { EtimsError, OscuClient, type OscuDevice } from "../../src/modules/etims/etims.public.ts";

// Our OSCU client against the fake KRA: every function the client has, the fake's checks of the
// specification, its gapless receipt numbers and deterministic signatures, and its failures.

const TIN = "P051234567Q";
let kra: FakeEtims;
let oscu: OscuClient;
let device: OscuDevice;

beforeAll(async () => {
  kra = await startFakeEtims();
  kra.addTaxpayer(TIN, "Mama Mboga Ltd", ["dvc-77"]);
  oscu = new OscuClient(kra.url, 1_000);
  const info = await oscu.selectInitOsdcInfo({ tin: TIN, bhfId: "00", dvcSrlNo: "dvc-77" });
  device = { tin: TIN, bhfId: "00", cmcKey: info.cmcKey };
});
afterAll(() => kra.close());
afterEach(() => expect(kra.rejected).toEqual([]));

const itemCd = oscuItemCode({ country: "KE", itemType: "2", pkgUnitCd: "BO", qtyUnitCd: "U", sequence: 1 });
const item = {
  itemCd,
  itemClsCd: "5020230100",
  itemTyCd: "2",
  itemNm: "Soda 500ml",
  orgnNatCd: "KE",
  pkgUnitCd: "BO",
  qtyUnitCd: "U",
  taxTyCd: "B",
  dftPrc: 60,
  isrcAplcbYn: "N",
  useYn: "Y",
  regrId: "owner",
  regrNm: "Owner",
  modrId: "owner",
  modrNm: "Owner",
};
const sale = (invcNo: number, over: Partial<EtimsSaleInput> = {}): EtimsSaleInput => ({
  invcNo,
  traderInvoiceNo: `S-${invcNo}`,
  receiptType: "S",
  originalInvcNo: 0,
  refundReasonCd: null,
  paymentTypeCd: "01",
  at: new Date(),
  buyerPin: null,
  buyerName: null,
  buyerPhone: null,
  user: { id: "owner", name: "Owner" },
  lines: [
    {
      itemCd,
      itemClsCd: "5020230100",
      name: "Soda 500ml",
      pkgUnitCd: "BO",
      qtyUnitCd: "U",
      quantity: 2,
      unitPrice: 6_000,
      total: 12_000,
      taxType: "B",
    },
  ],
  ...over,
});
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EtimsError);
  return err as EtimsError;
};
const takeRejections = () => kra.rejected.splice(0).map((r) => `${r.fn} ${r.resultCd} ${r.reason}`);

describe("the OSCU client against the fake KRA", () => {
  it("selectCodeList and selectItemClsList: everything at first, 'no search result' (001) read as nothing new", async () => {
    const classes = await oscu.selectCodeList(device, "20000101000000");
    expect(classes.find((c) => c.cdCls === "04")?.dtlList?.map((d) => [d.cd, d.userDfnCd1])).toEqual([
      ["A", "0"],
      ["B", "16"],
      ["C", "0"],
      ["D", "0"],
      ["E", "8"],
    ]);
    expect(await oscu.selectCodeList(device, "20261231235959")).toEqual([]);
    expect((await oscu.selectItemClsList(device, "20000101000000")).length).toBe(5);
    expect(await oscu.selectItemClsList(device, "20261231235959")).toEqual([]);
  });

  it("saveItem registers a product under the derived item code; selectItemList returns it", async () => {
    await oscu.saveItem(device, item);
    const items = await oscu.selectItemList(device, "20000101000000");
    expect(items).toContainEqual(expect.objectContaining({ itemCd, itemNm: "Soda 500ml", tin: TIN }));
  });

  it("saveTrnsSalesOsdc signs sales with gapless receipt numbers per branch and a deterministic signature", async () => {
    await oscu.saveItem(device, item);
    const first = await oscu.saveTrnsSalesOsdc(device, saleToOscu(sale(1)));
    const second = await oscu.saveTrnsSalesOsdc(device, saleToOscu(sale(2)));
    expect([first.curRcptNo, second.curRcptNo]).toEqual([1, 2]);
    expect([first.totRcptNo, second.totRcptNo]).toEqual([1, 2]);
    expect(first.rcptSign).toMatch(/^[A-Z2-7]{16}$/);
    expect(first.intrlData).toMatch(/^[A-Z2-7]{26}$/);
    expect(first.sdcDateTime).toMatch(/^\d{14}$/);
    expect(second.rcptSign).not.toBe(first.rcptSign);
    // A credit note against the first sale: its own receipt counter, the total counter goes on.
    const credit = await oscu.saveTrnsSalesOsdc(
      device,
      saleToOscu(sale(3, { receiptType: "R", originalInvcNo: 1, refundReasonCd: "06" })),
    );
    expect([credit.curRcptNo, credit.totRcptNo]).toEqual([1, 3]);
    // Sent twice: KRA refuses the overlap (994), nothing is signed twice.
    const twice = await refusal(oscu.saveTrnsSalesOsdc(device, saleToOscu(sale(2))));
    expect(twice.resultCd).toBe("994");
    expect(twice.retryable).toBe(false);
    expect(takeRejections()).toEqual(["saveTrnsSalesOsdc 994 invcNo already sent"]);
    expect(kra.branch(TIN).rcptNo).toEqual({ S: 2, R: 1, total: 3 });
  });

  it("the fake refuses malformed requests with the specification's codes, and records them", async () => {
    // A product code that is not country + type + packaging + unit + 7 digits.
    const badItem = await refusal(oscu.saveItem(device, { ...item, itemCd: "SODA-1" }));
    expect(badItem).toMatchObject({ resultCd: "910", retryable: false });
    expect(badItem.message).toMatch(/KRA refused the data sent.*KRA 910/);
    // A unit KRA does not have, a missing required field.
    await refusal(oscu.saveItem(device, { ...item, qtyUnitCd: "XX" }));
    await refusal(oscu.saveItem(device, { ...item, dftPrc: undefined }));
    // A sale whose band total does not add up; an unregistered product; a date that is not YYYYMMDD.
    const tampered = { ...saleToOscu(sale(10)), taxAmtB: 1 };
    await refusal(oscu.saveTrnsSalesOsdc(device, tampered));
    const unknownItem = saleToOscu(sale(11));
    unknownItem.itemList[0]!.itemCd = "KE2BOU0009999";
    await refusal(oscu.saveTrnsSalesOsdc(device, unknownItem));
    await refusal(oscu.saveTrnsSalesOsdc(device, { ...saleToOscu(sale(12)), salesDt: "2026-12-31" }));
    // A credit note without a reason, or against a sale KRA never received.
    await refusal(oscu.saveTrnsSalesOsdc(device, { ...saleToOscu(sale(13)), rcptTyCd: "R", orgInvcNo: 1 }));
    await refusal(
      oscu.saveTrnsSalesOsdc(
        device,
        saleToOscu(sale(14, { receiptType: "R", originalInvcNo: 999, refundReasonCd: "06" })),
      ),
    );
    expect(takeRejections()).toEqual([
      "saveItem 910 itemCd: must be KE2BOU and 7 digits",
      "saveItem 910 qtyUnitCd: not a KRA quantity unit",
      "saveItem 910 dftPrc: required",
      "saveTrnsSalesOsdc 910 taxAmtB: sum of the lines",
      "saveTrnsSalesOsdc 910 itemList[0].itemCd: not registered (saveItem)",
      "saveTrnsSalesOsdc 910 salesDt: YYYYMMDD",
      "saveTrnsSalesOsdc 910 rfdRsnCd: required on a credit note (KRA refund reason)",
      "saveTrnsSalesOsdc 910 orgInvcNo: no such sale",
    ]);
  });

  it("headers are checked: none (900), another device's CMC key (901); an init with a malformed PIN (910)", async () => {
    const bare = await fetch(`${kra.url}/selectCodeList`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lastReqDt: "20000101000000" }),
    });
    expect(((await bare.json()) as { resultCd: string }).resultCd).toBe("900");
    const wrongKey = await refusal(oscu.selectCodeList({ ...device, cmcKey: "0".repeat(32) }, "20000101000000"));
    expect(wrongKey.resultCd).toBe("901");
    const badPin = await refusal(oscu.selectInitOsdcInfo({ tin: "P05", bhfId: "00", dvcSrlNo: "dvc-77" }));
    expect(badPin.resultCd).toBe("910");
    expect(takeRejections()).toEqual([
      "selectCodeList 900 headers tin and bhfId",
      "selectCodeList 901 cmcKey does not match the device",
      "selectInitOsdcInfo 910 tin: exactly 11 characters",
    ]);
  });

  it("told to fail: a timeout, a 5xx, KRA's own code, each a plain message, retryable where resending may work", async () => {
    kra.failNext({ kind: "timeout", ms: 2_000 }, { kind: "http", status: 503 }, { kind: "result", resultCd: "999" });
    const timeout = await refusal(oscu.selectCodeList(device, "20000101000000"));
    expect(timeout).toMatchObject({ resultCd: null, retryable: true });
    expect(timeout.message).toMatch(/did not answer in time/);
    const down = await refusal(oscu.selectCodeList(device, "20000101000000"));
    expect(down).toMatchObject({ resultCd: null, retryable: true });
    expect(down.message).toMatch(/HTTP 503/);
    const unknown = await refusal(oscu.selectCodeList(device, "20000101000000"));
    expect(unknown).toMatchObject({ resultCd: "999", retryable: true });
    // The failures were the fake's, on request: the next call works, and no request was malformed.
    expect((await oscu.selectCodeList(device, "20000101000000")).length).toBeGreaterThan(0);
  });
});
