import { createHash } from "node:crypto";
import { startFakeServer, type Recorded, type Reply } from "./fake-http.ts";
import {
  breach,
  INIT_RULES,
  LAST_REQ_RULES,
  PURCHASE_ITEM_RULES,
  PURCHASE_RULES,
  SAVE_ITEM_RULES,
  STOCK_IO_ITEM_RULES,
  STOCK_IO_RULES,
  STOCK_MASTER_RULES,
} from "./fake-etims-rules.ts";
import { codeListData, FAKE_ITEM_CLASSES, hasCode } from "./fake-etims-codes.ts";
import { itemListProblem, saleProblem, stockIoProblem } from "./fake-etims-sale.ts";

/**
 * A fake of KRA's eTIMS OSCU API, built from the OSCU/VSCU specification 2.0: every function is a
 * POST of JSON answered with `{ resultCd, resultMsg, resultDt, data }`. It checks the headers
 * (tin, bhfId, cmcKey), each field's type and length, the codes against its code lists, the
 * amounts' arithmetic, and keeps gapless receipt numbers per branch with a deterministic
 * signature. A bad request gets the specification's result code (900, 901, 910, 994...) and is
 * recorded in `rejected`, so a test asserts none was sent. It can be told to fail: not answer
 * (timeout), answer 5xx, or answer a given KRA result code.
 */

type Body = Record<string, unknown>;
export type Rejection = { fn: string; resultCd: string; reason: string; body: unknown };
export type Failure =
  | { kind: "timeout"; ms: number }
  | { kind: "http"; status: number }
  | { kind: "result"; resultCd: string; resultMsg?: string };
type Device = { tin: string; bhfId: string; serial: string; cmcKey: string; sdcId: string; mrcNo: string };
type Branch = {
  items: Map<string, Body & { at: string }>;
  sales: Map<number, Body>;
  rcptNo: { S: number; R: number; total: number };
  /** The stock movements KRA holds, by sarNo (insertStockIO bodies, in the order received). */
  stockIo: Map<number, Body>;
  /** Each item's remaining quantity as last reported (saveStockMaster). */
  stock: Map<string, number>;
  purchases: Map<number, Body>;
};

const MESSAGES: Record<string, string> = {
  "000": "It is succeeded",
  "001": "There is no search result",
  "900": "There is no Header information",
  "901": "It is not valid device",
  "902": "This device is installed",
  "910": "Request parameter error",
  "994": "There is an overlapped Data",
};
/** When the fake's code lists and classifications were registered: a lastReqDt before it gets them. */
const CODES_REGISTERED = "20180101000000";
const base32 = (hex: string, n: number) =>
  [...Buffer.from(hex, "hex")]
    .map((b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[b % 32])
    .join("")
    .slice(0, n);
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
/** KRA's clock: YYYYMMDDhhmmss in Nairobi time (UTC+3, no summer time); the fake has no shared imports (e2e loads it). */
const oscuDateTime = (at: Date) => new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);

export async function startFakeEtims() {
  const taxpayers = new Map<string, { name: string; serials: string[] | null }>();
  const devices = new Map<string, Device>();
  const branches = new Map<string, Branch>();
  const rejected: Rejection[] = [];
  const supplierSales: Body[] = [];
  const failures: Failure[] = [];
  let down = false;
  const downFor = new Set<string>();

  const reply = (resultCd: string, data: unknown = null, resultMsg = MESSAGES[resultCd] ?? "Error"): Reply => ({
    status: 200,
    body: { resultCd, resultMsg, resultDt: oscuDateTime(new Date()), data },
  });
  const reject = (fn: string, body: unknown, resultCd: string, reason: string): Reply => {
    rejected.push({ fn, resultCd, reason, body });
    return reply(resultCd, null, `${MESSAGES[resultCd] ?? "Error"}: ${reason}`);
  };
  const branchOf = (tin: string, bhfId: string) => {
    const key = `${tin}/${bhfId}`;
    let b = branches.get(key);
    if (!b) {
      b = {
        items: new Map(),
        sales: new Map(),
        rcptNo: { S: 0, R: 0, total: 0 },
        stockIo: new Map(),
        stock: new Map(),
        purchases: new Map(),
      };
      branches.set(key, b);
    }
    return b;
  };

  function init(body: Body): Reply {
    const bad = breach(body, INIT_RULES);
    if (bad) return reject("selectInitOsdcInfo", body, "910", bad);
    const [tin, bhfId, serial] = [String(body.tin), String(body.bhfId), String(body.dvcSrlNo)];
    const taxpayer = taxpayers.get(tin);
    if (!taxpayer || (taxpayer.serials && !taxpayer.serials.includes(serial)))
      return reject("selectInitOsdcInfo", body, "901", "unknown PIN or device serial");
    const key = `${tin}/${bhfId}`;
    if (devices.get(key)?.serial === serial) return reject("selectInitOsdcInfo", body, "902", "already initialised");
    const n = devices.size + 1;
    const device: Device = {
      tin,
      bhfId,
      serial,
      cmcKey: sha(`cmc:${tin}:${bhfId}:${serial}`).slice(0, 32),
      sdcId: `KRACU${String(n).padStart(9, "0")}`,
      mrcNo: `WIS${String(n).padStart(8, "0")}`,
    };
    devices.set(key, device);
    return reply("000", {
      info: {
        tin,
        taxprNm: taxpayer.name,
        bsnsActv: "Retail",
        bhfId,
        bhfNm: bhfId === "00" ? "Headquarter" : `Branch ${bhfId}`,
        bhfOpenDt: "20200101",
        prvncNm: "NAIROBI CITY",
        dstrtNm: "WESTLANDS",
        sctrNm: "WON",
        locDesc: null,
        hqYn: bhfId === "00" ? "Y" : "N",
        mgrNm: taxpayer.name,
        mgrTelNo: "0700000000",
        mgrEmail: "manager@example.com",
        dvcId: `99999${String(n).padStart(11, "0")}`,
        sdcId: device.sdcId,
        mrcNo: device.mrcNo,
        cmcKey: device.cmcKey,
      },
    });
  }

  const codeList = (body: Body): Reply =>
    String(body.lastReqDt) >= CODES_REGISTERED ? reply("001") : reply("000", { clsList: codeListData() });

  function saveItem(b: Branch, body: Body): Reply {
    const bad = breach(body, SAVE_ITEM_RULES) ?? itemCodes(body);
    if (bad) return reject("saveItem", body, "910", bad);
    const prefix = `${String(body.orgnNatCd)}${String(body.itemTyCd)}${String(body.pkgUnitCd)}${String(body.qtyUnitCd)}`;
    if (!new RegExp(`^${prefix}\\d{7}$`).test(String(body.itemCd)))
      return reject("saveItem", body, "910", `itemCd: must be ${prefix} and 7 digits`);
    b.items.set(String(body.itemCd), { ...body, at: oscuDateTime(new Date()) });
    return reply("000");
  }
  const itemCodes = (body: Body): string | null =>
    !hasCode("24", body.itemTyCd)
      ? "itemTyCd: not a KRA item type"
      : !hasCode("05", body.orgnNatCd)
        ? "orgnNatCd: not a KRA country"
        : !hasCode("17", body.pkgUnitCd)
          ? "pkgUnitCd: not a KRA packaging unit"
          : !hasCode("10", body.qtyUnitCd)
            ? "qtyUnitCd: not a KRA quantity unit"
            : !hasCode("04", body.taxTyCd)
              ? "taxTyCd: not a KRA tax type"
              : !FAKE_ITEM_CLASSES.some((c) => c.itemClsCd === body.itemClsCd)
                ? "itemClsCd: not a KRA item classification"
                : null;

  function saveSale(device: Device, b: Branch, body: Body): Reply {
    const problem = saleProblem(b.items, b.sales, body);
    if (problem) return reject("saveTrnsSalesOsdc", body, problem[0], problem[1]);
    b.sales.set(Number(body.invcNo), body);
    const type = body.rcptTyCd as "S" | "R";
    b.rcptNo[type] += 1;
    b.rcptNo.total += 1;
    const seed = sha(`${device.tin}|${device.bhfId}|${device.sdcId}|${String(body.invcNo)}|${b.rcptNo.total}`);
    return reply("000", {
      curRcptNo: b.rcptNo[type],
      totRcptNo: b.rcptNo.total,
      intrlData: base32(seed, 26),
      rcptSign: base32(sha(`sign:${seed}`), 16),
      sdcDateTime: oscuDateTime(new Date()),
    });
  }

  function handle(r: Recorded): Reply | Promise<Reply> {
    const fn = r.path.replace(/^.*\//, "");
    if (r.path.startsWith("/fake/")) return fakeControl(r);
    if (down || downFor.has(String(r.headers.tin ?? "")))
      return { status: 503, body: { message: "Service Unavailable" } };
    const failure = failures.shift();
    if (failure?.kind === "http") return { status: failure.status, body: { message: "Server Error" } };
    if (failure?.kind === "timeout")
      return new Promise((resolve) => setTimeout(() => resolve(reply("999")), failure.ms));
    if (failure?.kind === "result") return reply(failure.resultCd, null, failure.resultMsg);
    if (r.method !== "POST") return reject(fn, r.body, "912", "POST only");
    if (!r.body || typeof r.body !== "object") return reject(fn, r.body, "911", "no JSON body");
    const body = r.body as Body;
    if (fn === "selectInitOsdcInfo") return init(body);
    const [tin, bhfId, cmcKey] = [r.headers.tin, r.headers.bhfid, r.headers.cmckey].map((h) => String(h ?? ""));
    if (!tin || !bhfId) return reject(fn, body, "900", "headers tin and bhfId");
    const device = devices.get(`${tin}/${bhfId}`);
    if (!device || device.cmcKey !== cmcKey) return reject(fn, body, "901", "cmcKey does not match the device");
    if ((body.tin !== undefined && body.tin !== tin) || (body.bhfId !== undefined && body.bhfId !== bhfId))
      return reject(fn, body, "910", "tin and bhfId of the body differ from the headers");
    const b = branchOf(tin, bhfId);
    const since = () => breach(body, LAST_REQ_RULES);
    switch (fn) {
      case "selectCodeList":
        return since() ? reject(fn, body, "910", since()!) : codeList(body);
      case "selectItemClsList":
        if (since()) return reject(fn, body, "910", since()!);
        return String(body.lastReqDt) >= CODES_REGISTERED
          ? reply("001")
          : reply("000", { itemClsList: FAKE_ITEM_CLASSES });
      case "saveItem":
        return saveItem(b, body);
      case "selectItemList": {
        if (since()) return reject(fn, body, "910", since()!);
        const list = [...b.items.values()].filter((i) => i.at > String(body.lastReqDt));
        return list.length ? reply("000", { itemList: list.map(({ at: _at, ...i }) => i) }) : reply("001");
      }
      case "saveTrnsSalesOsdc":
        return saveSale(device, b, body);
      case "insertStockIO": {
        const bad =
          breach(body, STOCK_IO_RULES) ??
          (!hasCode("12", body.sarTyCd) ? "sarTyCd: not a KRA stock in/out type" : null) ??
          (!["M", "A"].includes(String(body.regTyCd)) ? "regTyCd: M or A" : null) ??
          itemListProblem(b.items, body, STOCK_IO_ITEM_RULES) ??
          stockIoProblem(b.stockIo, body);
        if (bad) return reject(fn, body, "910", bad);
        if (b.stockIo.has(Number(body.sarNo))) return reject(fn, body, "994", "sarNo already sent");
        b.stockIo.set(Number(body.sarNo), body);
        return reply("000");
      }
      case "saveStockMaster": {
        const bad = breach(body, STOCK_MASTER_RULES);
        if (bad) return reject(fn, body, "910", bad);
        if (!b.items.has(String(body.itemCd))) return reject(fn, body, "910", "itemCd: not registered (saveItem)");
        b.stock.set(String(body.itemCd), Number(body.rsdQty));
        return reply("000");
      }
      case "selectTrnsPurchaseSalesList": {
        if (since()) return reject(fn, body, "910", since()!);
        const list = supplierSales.filter((s) => s.custTin === tin && String(s.at) > String(body.lastReqDt));
        return list.length ? reply("000", { saleList: list.map(({ at: _at, ...s }) => s) }) : reply("001");
      }
      case "insertTrnsPurchase": {
        const bad =
          breach(body, PURCHASE_RULES) ??
          (!hasCode("07", body.pmtTyCd) ? "pmtTyCd: not a KRA payment type" : null) ??
          (!hasCode("11", body.pchsSttsCd) ? "pchsSttsCd: not a KRA status" : null) ??
          (!["M", "A"].includes(String(body.regTyCd)) ? "regTyCd: M or A" : null) ??
          itemListProblem(b.items, body, PURCHASE_ITEM_RULES);
        if (bad) return reject(fn, body, "910", bad);
        if (b.purchases.has(Number(body.invcNo))) return reject(fn, body, "994", "invcNo already sent");
        b.purchases.set(Number(body.invcNo), body);
        return reply("000");
      }
      default:
        return reject(fn, body, "912", "unknown function");
    }
  }

  /** Not KRA: how an e2e test (another process) sets the fake up. */
  function fakeControl(r: Recorded): Reply {
    const body = (r.body ?? {}) as Body;
    if (r.path === "/fake/taxpayers") {
      api.addTaxpayer(String(body.tin), String(body.name ?? "Test Taxpayer"));
      return { status: 200, body: { ok: true } };
    }
    // `{ down, tin? }`: KRA down for everyone, or (with a PIN) for that taxpayer's calls only, so
    // an e2e test can take KRA away from its own business while other tests run beside it.
    if (r.path === "/fake/down") {
      if (typeof body.tin === "string") {
        if (body.down === true) downFor.add(body.tin);
        else downFor.delete(body.tin);
        return { status: 200, body: { down: body.down === true, tin: body.tin } };
      }
      down = body.down === true;
      return { status: 200, body: { down } };
    }
    // `{ custTin, spplrInvcNo }`: a supplier's invoice to that taxpayer (sampleSupplierSale).
    if (r.path === "/fake/supplier-sales") {
      api.addSupplierSale(sampleSupplierSale(String(body.custTin), Number(body.spplrInvcNo ?? 1)));
      return { status: 200, body: { ok: true } };
    }
    if (r.path === "/fake/rejected") return { status: 200, body: rejected };
    // `{ tin }`: the receipts and credit notes KRA holds for that taxpayer's head office, in order.
    if (r.path === "/fake/sales") return { status: 200, body: [...branchOf(String(body.tin), "00").sales.values()] };
    return { status: 404, body: { message: "no such fake control" } };
  }

  const server = await startFakeServer(handle);
  const api = {
    url: server.url,
    requests: server.requests,
    /** Every request the fake refused as malformed or invalid (not the failures it was told to make). */
    rejected,
    /** A taxpayer KRA knows (any device serial, or only these). */
    addTaxpayer: (tin: string, name: string, serials: string[] | null = null) =>
      void taxpayers.set(tin, { name, serials }),
    /** The next requests fail this way, one failure each, in order. */
    failNext: (...f: Failure[]) => void failures.push(...f),
    /** KRA down (every function answers 503) or back. */
    setDown: (value: boolean) => void (down = value),
    /** An invoice a supplier issued to `custTin` (selectTrnsPurchaseSalesList). */
    addSupplierSale: (sale: Body) => void supplierSales.push({ ...sale, at: oscuDateTime(new Date()) }),
    device: (tin: string, bhfId = "00") => devices.get(`${tin}/${bhfId}`) ?? null,
    branch: (tin: string, bhfId = "00") => branchOf(tin, bhfId),
    close: server.close,
  };
  return api;
}
export type FakeEtims = Awaited<ReturnType<typeof startFakeEtims>>;

/**
 * An invoice a supplier ("Unga Millers Ltd") issued to `custTin`, as KRA lists it
 * (selectTrnsPurchaseSalesList): 10 bags of maize flour at 180, 16% VAT (band B), 1,800 in all.
 */
export function sampleSupplierSale(custTin: string, spplrInvcNo: number): Record<string, unknown> {
  const zero = { A: 0, C: 0, D: 0, E: 0 };
  return {
    spplrTin: "P000111222U",
    spplrNm: "Unga Millers Ltd",
    spplrBhfId: "00",
    spplrInvcNo,
    custTin,
    rcptTyCd: "S",
    pmtTyCd: "02",
    cfmDt: "2025-03-02 10:15:00",
    salesDt: "20250302",
    stockRlsDt: "2025-03-02 10:15:00",
    totItemCnt: 1,
    ...Object.fromEntries(
      Object.keys(zero).flatMap((b) => [
        [`taxblAmt${b}`, 0],
        [`taxAmt${b}`, 0],
      ]),
    ),
    taxblAmtB: 1800,
    taxAmtB: 248.28,
    taxRtA: 0,
    taxRtB: 16,
    taxRtC: 0,
    taxRtD: 0,
    taxRtE: 8,
    totTaxblAmt: 1800,
    totTaxAmt: 248.28,
    totAmt: 1800,
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
    ],
  };
}
