import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { oscuDate, oscuDateTime } from "@app/shared/etims/oscu";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";
import { EtimsError, OscuClient, type OscuDevice } from "../../src/modules/etims/etims.public.ts";

// Stock movements and purchases through our OSCU client against the fake KRA: insertStockIO,
// saveStockMaster, selectTrnsPurchaseSalesList, insertTrnsPurchase. (The mapping from our stock
// ledger and supplies comes with the queue; these check the client and the fake's rules.)

const TIN = "P052222222K";
let kra: FakeEtims;
let oscu: OscuClient;
let device: OscuDevice;
const itemCd = "KE2BGKG0000001";
const who = { regrId: "owner", regrNm: "Owner", modrId: "owner", modrNm: "Owner" };

beforeAll(async () => {
  kra = await startFakeEtims();
  kra.addTaxpayer(TIN, "Stock Ltd");
  oscu = new OscuClient(kra.url, 1_000);
  const info = await oscu.selectInitOsdcInfo({ tin: TIN, bhfId: "00", dvcSrlNo: "dvc-s1" });
  device = { tin: TIN, bhfId: "00", cmcKey: info.cmcKey };
  await oscu.saveItem(device, {
    itemCd,
    itemClsCd: "5010150100",
    itemTyCd: "2",
    itemNm: "Maize flour 2kg",
    orgnNatCd: "KE",
    pkgUnitCd: "BG",
    qtyUnitCd: "KG",
    taxTyCd: "A",
    dftPrc: 210,
    isrcAplcbYn: "N",
    useYn: "Y",
    ...who,
  });
});
afterAll(() => kra.close());
afterEach(() => expect(kra.rejected).toEqual([]));

const line = {
  itemSeq: 1,
  itemCd,
  itemClsCd: "5010150100",
  itemNm: "Maize flour 2kg",
  pkgUnitCd: "BG",
  pkg: 10,
  qtyUnitCd: "KG",
  qty: 10,
  prc: 180,
  splyAmt: 1800,
  totDcAmt: 0,
  taxblAmt: 1800,
  taxTyCd: "A",
  taxAmt: 0,
  totAmt: 1800,
};
const movement = (sarNo: number, over: Record<string, unknown> = {}) => ({
  sarNo,
  orgSarNo: 0,
  regTyCd: "M",
  sarTyCd: "02",
  ocrnDt: oscuDate(new Date()),
  totItemCnt: 1,
  totTaxblAmt: 1800,
  totTaxAmt: 0,
  totAmt: 1800,
  ...who,
  itemList: [line],
  ...over,
});
const refused = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EtimsError);
  return (err as EtimsError).resultCd;
};

describe("stock and purchases through the OSCU client", () => {
  it("insertStockIO and saveStockMaster report a supply received and the stock left; a movement sent twice is 994", async () => {
    await oscu.insertStockIO(device, movement(1));
    await oscu.saveStockMaster(device, { itemCd, rsdQty: 10, ...who });
    expect(kra.branch(TIN).stockIo.has(1)).toBe(true);
    expect(kra.branch(TIN).stock.get(itemCd)).toBe(10);
    expect(await refused(oscu.insertStockIO(device, movement(1)))).toBe("994");
    expect(kra.rejected.splice(0).map((r) => r.reason)).toEqual(["sarNo already sent"]);
  });

  it("the fake refuses a movement with a wrong type, an unregistered item or a bad line, and stock of an unknown item", async () => {
    expect(await refused(oscu.insertStockIO(device, movement(2, { sarTyCd: "99" })))).toBe("910");
    expect(
      await refused(oscu.insertStockIO(device, movement(3, { itemList: [{ ...line, itemCd: "KE2BGKG0009999" }] }))),
    ).toBe("910");
    expect(await refused(oscu.insertStockIO(device, movement(4, { itemList: [{ ...line, qty: "ten" }] })))).toBe("910");
    expect(await refused(oscu.saveStockMaster(device, { itemCd: "KE2BGKG0009999", rsdQty: 1, ...who }))).toBe("910");
    expect(kra.rejected.splice(0).map((r) => `${r.fn} ${r.reason}`)).toEqual([
      "insertStockIO sarTyCd: not a KRA stock in/out type",
      "insertStockIO itemList[0].itemCd: not registered (saveItem)",
      "insertStockIO itemList[0].qty: must be a number",
      "saveStockMaster itemCd: not registered (saveItem)",
    ]);
  });

  it("selectTrnsPurchaseSalesList lists the suppliers' invoices to this PIN; insertTrnsPurchase confirms one, once", async () => {
    const since = oscuDateTime(new Date(Date.now() - 60_000));
    expect(await oscu.selectTrnsPurchaseSalesList(device, since)).toEqual([]);
    kra.addSupplierSale({
      spplrTin: "P051111111A",
      spplrNm: "Unga Millers",
      spplrInvcNo: 88,
      custTin: TIN,
      totAmt: 1800,
    });
    kra.addSupplierSale({
      spplrTin: "P051111111A",
      spplrNm: "Unga Millers",
      spplrInvcNo: 89,
      custTin: "P059999999Z",
      totAmt: 5,
    });
    const invoices = await oscu.selectTrnsPurchaseSalesList(device, since);
    expect(invoices).toEqual([expect.objectContaining({ spplrInvcNo: 88, spplrNm: "Unga Millers" })]);
    const purchase = {
      invcNo: 1,
      orgInvcNo: 0,
      spplrTin: "P051111111A",
      spplrNm: "Unga Millers",
      spplrInvcNo: 88,
      regTyCd: "A",
      pchsTyCd: "N",
      rcptTyCd: "P",
      pmtTyCd: "01",
      pchsSttsCd: "02",
      cfmDt: oscuDateTime(new Date()),
      pchsDt: oscuDate(new Date()),
      totItemCnt: 1,
      totTaxblAmt: 1800,
      totTaxAmt: 0,
      totAmt: 1800,
      ...who,
      itemList: [{ ...line, totDcAmt: undefined, dcRt: 0, dcAmt: 0 }],
    };
    await oscu.insertTrnsPurchase(device, purchase);
    expect(await refused(oscu.insertTrnsPurchase(device, purchase))).toBe("994");
    expect(await refused(oscu.insertTrnsPurchase(device, { ...purchase, invcNo: 2, pmtTyCd: "99" }))).toBe("910");
    expect(kra.rejected.splice(0).map((r) => `${r.resultCd} ${r.reason}`)).toEqual([
      "994 invcNo already sent",
      "910 pmtTyCd: not a KRA payment type",
    ]);
  });
});
