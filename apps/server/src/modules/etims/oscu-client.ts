import type { z } from "zod";
import {
  OSCU_NO_RESULT,
  OSCU_OK,
  oscuCodeListDataSchema,
  oscuEnvelopeSchema,
  oscuInitInfoSchema,
  oscuItemClassListDataSchema,
  oscuResultMessage,
  oscuSaleSignatureSchema,
  type OscuFunction,
} from "@app/shared/etims/oscu";
import type { OscuSaleRequest } from "@app/shared/etims/sale-payload";
import { ProviderError } from "../../platform/provider-http.ts";

/**
 * KRA refused a call (resultCd other than 000/001), failed (5xx, not JSON) or could not be
 * reached (network, timeout). `message` is fit for the owner; `resultCd` is KRA's code when KRA
 * answered, `retryable` says whether sending the same again later may succeed.
 */
export class EtimsError extends ProviderError {
  constructor(
    message: string,
    readonly resultCd: string | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export type OscuDevice = { tin: string; bhfId: string; cmcKey: string };

/** KRA result codes worth sending the same request again for: KRA's own errors, not refusals of the data. */
const RETRYABLE_CODES = new Set(["990", "991", "992", "993", "999"]);

/**
 * Our small OSCU client (KRA eTIMS, specification 2.0): one POST per function with the headers
 * tin, bhfId and cmcKey, a timeout, KRA's envelope checked and its `data` parsed with zod.
 * Answers "001" (no search result) come back as null data.
 */
export class OscuClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 20_000,
  ) {}

  private async call(
    fn: OscuFunction,
    body: Record<string, unknown>,
    device: Pick<OscuDevice, "tin" | "bhfId"> & { cmcKey?: string },
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/${fn}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          tin: device.tin,
          bhfId: device.bhfId,
          ...(device.cmcKey ? { cmcKey: device.cmcKey } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timeout = err instanceof Error && err.name === "TimeoutError";
      throw new EtimsError(
        timeout
          ? "KRA eTIMS did not answer in time. Nothing was changed; please try again."
          : "KRA eTIMS could not be reached. Check the internet connection and try again.",
        null,
        true,
      );
    }
    if (res.status >= 500)
      throw new EtimsError(
        `KRA eTIMS is not working at the moment (HTTP ${res.status}). Please try again later.`,
        null,
        true,
      );
    const parsed = oscuEnvelopeSchema.safeParse(await res.json().catch(() => null));
    if (!res.ok || !parsed.success)
      throw new EtimsError(`KRA eTIMS sent an answer the app does not understand (HTTP ${res.status}).`, null, true);
    const { resultCd, resultMsg, data } = parsed.data;
    if (resultCd === OSCU_NO_RESULT) return null;
    if (resultCd !== OSCU_OK)
      throw new EtimsError(oscuResultMessage(resultCd, resultMsg), resultCd, RETRYABLE_CODES.has(resultCd));
    return data ?? null;
  }

  private parse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
    const out = schema.safeParse(data);
    if (!out.success) throw new EtimsError("KRA eTIMS sent an answer the app does not understand.", null, true);
    return out.data;
  }

  /** Initialises the device: KRA returns the control unit id, the MRC number and the CMC key. */
  async selectInitOsdcInfo(req: { tin: string; bhfId: string; dvcSrlNo: string }) {
    const data = await this.call("selectInitOsdcInfo", req, req);
    const info = (data as { info?: unknown } | null)?.info;
    return this.parse(oscuInitInfoSchema, info);
  }

  /** KRA's code classes changed since `lastReqDt` (YYYYMMDDhhmmss); [] when none. */
  async selectCodeList(device: OscuDevice, lastReqDt: string) {
    const data = await this.call("selectCodeList", { tin: device.tin, bhfId: device.bhfId, lastReqDt }, device);
    return data === null ? [] : this.parse(oscuCodeListDataSchema, data).clsList;
  }

  /** KRA's item classifications changed since `lastReqDt`; [] when none. */
  async selectItemClsList(device: OscuDevice, lastReqDt: string) {
    const data = await this.call("selectItemClsList", { tin: device.tin, bhfId: device.bhfId, lastReqDt }, device);
    return data === null ? [] : this.parse(oscuItemClassListDataSchema, data).itemClsList;
  }

  /** Registers (or updates) a product with KRA (ItemSaveReq). */
  async saveItem(device: OscuDevice, item: Record<string, unknown>): Promise<void> {
    await this.call("saveItem", { tin: device.tin, bhfId: device.bhfId, ...item }, device);
  }

  /** The items registered for this branch since `lastReqDt` (KRA's item list). */
  async selectItemList(device: OscuDevice, lastReqDt: string): Promise<Record<string, unknown>[]> {
    const data = await this.call("selectItemList", { tin: device.tin, bhfId: device.bhfId, lastReqDt }, device);
    return ((data as { itemList?: Record<string, unknown>[] } | null)?.itemList ?? []).slice();
  }

  /** Sends a sale or credit note; KRA signs it (receipt numbers, internal data, signature, time). */
  async saveTrnsSalesOsdc(device: OscuDevice, sale: OscuSaleRequest) {
    const data = await this.call("saveTrnsSalesOsdc", { tin: device.tin, bhfId: device.bhfId, ...sale }, device);
    return this.parse(oscuSaleSignatureSchema, data);
  }

  /** Reports a stock movement (StockIoSaveReq: sarNo, sarTyCd, its lines); the mapping from our ledger is to come. */
  async insertStockIO(device: OscuDevice, movement: Record<string, unknown>): Promise<void> {
    await this.call("insertStockIO", { tin: device.tin, bhfId: device.bhfId, ...movement }, device);
  }

  /** Reports an item's stock left (StockMasterSaveReq: itemCd, rsdQty). */
  async saveStockMaster(device: OscuDevice, stock: Record<string, unknown>): Promise<void> {
    await this.call("saveStockMaster", { tin: device.tin, bhfId: device.bhfId, ...stock }, device);
  }

  /** The invoices suppliers issued to this business since `lastReqDt` (their saleList); [] when none. */
  async selectTrnsPurchaseSalesList(device: OscuDevice, lastReqDt: string): Promise<Record<string, unknown>[]> {
    const data = await this.call(
      "selectTrnsPurchaseSalesList",
      { tin: device.tin, bhfId: device.bhfId, lastReqDt },
      device,
    );
    return ((data as { saleList?: Record<string, unknown>[] } | null)?.saleList ?? []).slice();
  }

  /** Confirms a supplier's invoice as a purchase (TrnsPurchaseSaveReq). */
  async insertTrnsPurchase(device: OscuDevice, purchase: Record<string, unknown>): Promise<void> {
    await this.call("insertTrnsPurchase", { tin: device.tin, bhfId: device.bhfId, ...purchase }, device);
  }
}
