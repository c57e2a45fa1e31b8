import { eq } from "drizzle-orm";
import { oscuItemCode } from "@app/shared/etims/sale-payload";
import type { TaxType } from "@app/shared/tax/vat";
import type { Db } from "../db/client.ts";
import { transact } from "../platform/retry.ts";
import type { JobLog } from "../platform/jobs.ts";
import { businesses } from "../modules/businesses/businesses.public.ts";
import {
  hasEtimsDetails,
  setProductEtimsRegistration,
  type ProductEtims,
} from "../modules/inventory/inventory.public.ts";
import { EtimsError, takeItemSeq, type EtimsDeps, type OscuDevice } from "../modules/etims/etims.public.ts";

// What the eTIMS queue's senders share (flows/etims-queue.ts for sales, documents and products;
// flows/etims-stock.ts for stock movements): their deps, a row that cannot be sent, and a
// product's registration with KRA before anything names its item code.

export type EtimsQueueDeps = {
  db: Db;
  etims: EtimsDeps;
  /** The first retry's wait after KRA was down (doubled each time, at most 30 minutes). */
  retryBaseMs: number;
  /** How long a sender holds a row before another takes it over (a sender that died mid-send). */
  leaseMs?: number;
  /** Waits while this server answers requests (a till's sale first; at most a short while). */
  yieldToRequests?: () => Promise<void>;
  log: JobLog;
};

/** A row that cannot be sent as it is (ours, not KRA's refusal): failed with this reason. */
export class Unsendable extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const registeredBy = { id: "duka-pos", name: "Duka POS" };

/**
 * Registers a product with KRA (saveItem) unless KRA already holds it as it is now; returns its
 * item code. A refusal flags the product with KRA's reason.
 */
export async function ensureRegistered(
  q: Pick<EtimsQueueDeps, "db" | "etims">,
  device: OscuDevice,
  businessId: string,
  p: ProductEtims,
  taxType: TaxType,
): Promise<string> {
  if (!hasEtimsDetails(p))
    throw new Unsendable(
      "details",
      `"${p.name}" has no eTIMS details yet (item classification, item type, country of origin, packaging and quantity units): complete them in Products, then retry.`,
    );
  if (p.registeredAt && p.itemCode && !p.error) return p.itemCode;
  const itemSeq = p.itemSeq ?? (await transact(q.db, (tx) => takeItemSeq(tx, businessId)));
  const itemCode = oscuItemCode({
    country: p.origin!,
    itemType: p.itemType!,
    pkgUnitCd: p.packagingUnit!,
    qtyUnitCd: p.quantityUnit!,
    sequence: itemSeq,
  });
  try {
    await q.etims.client.saveItem(device, {
      itemCd: itemCode,
      itemClsCd: p.itemClass,
      itemTyCd: p.itemType,
      itemNm: p.name.slice(0, 200),
      itemStdNm: null,
      orgnNatCd: p.origin,
      pkgUnitCd: p.packagingUnit,
      qtyUnitCd: p.quantityUnit,
      taxTyCd: taxType,
      btchNo: null,
      bcd: p.barcode ? p.barcode.slice(0, 20) : null,
      dftPrc: p.sellingPrice / 100,
      grpPrcL1: null,
      grpPrcL2: null,
      grpPrcL3: null,
      grpPrcL4: null,
      grpPrcL5: null,
      addInfo: null,
      sftyQty: null,
      isrcAplcbYn: "N",
      useYn: "Y",
      regrId: registeredBy.id,
      regrNm: registeredBy.name,
      modrId: registeredBy.id,
      modrNm: registeredBy.name,
    });
  } catch (err) {
    if (err instanceof EtimsError && !err.retryable) {
      await setProductEtimsRegistration(q.db, businessId, p, { itemSeq, itemCode, error: err.message });
      throw new Unsendable(err.resultCd ?? "item", `KRA refused to register "${p.name}": ${err.message}`);
    }
    throw err;
  }
  await setProductEtimsRegistration(q.db, businessId, p, { itemSeq, itemCode, error: null });
  return itemCode;
}

/** Whether the business is VAT-registered: a product without a tax type follows it (B, else D). */
export async function vatRegistered(db: Db, businessId: string): Promise<boolean> {
  const [b] = await db.select({ vat: businesses.vatRegistered }).from(businesses).where(eq(businesses.id, businessId));
  return b?.vat ?? false;
}
