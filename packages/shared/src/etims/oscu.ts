import { z } from "zod";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { kraPinSchema } from "../tax/vat.ts";

/**
 * KRA eTIMS through the OSCU (online sales control unit), as KRA's "OSCU/VSCU specification"
 * version 2.0 defines it: JSON over HTTPS, one POST per function (`/selectInitOsdcInfo`,
 * `/saveTrnsSalesOsdc`, ...), headers `tin`, `bhfId` and (after initialisation) `cmcKey` on every
 * call, and every answer an envelope `{ resultCd, resultMsg, resultDt, data }` where resultCd
 * "000" is success and "001" "there is no search result". Dates are Nairobi local time,
 * YYYYMMDDhhmmss (14 characters) or YYYYMMDD (8).
 */
export const OSCU_SPEC_VERSION = "2.0";

/** The OSCU functions this product calls, in the order a business meets them. */
export const OSCU_FUNCTIONS = [
  "selectInitOsdcInfo",
  "selectCodeList",
  "selectItemClsList",
  "saveItem",
  "selectItemList",
  "saveTrnsSalesOsdc",
  "insertStockIO",
  "saveStockMaster",
  "selectTrnsPurchaseSalesList",
  "insertTrnsPurchase",
] as const;
export type OscuFunction = (typeof OSCU_FUNCTIONS)[number];

export const OSCU_OK = "000";
export const OSCU_NO_RESULT = "001";

/** KRA's result codes (the specification's "API response code" table), in words an owner can act on. */
export const OSCU_RESULT_MESSAGES: Record<string, string> = {
  "000": "Done.",
  "001": "KRA has nothing new to send.",
  "900": "KRA did not receive the business's PIN and branch with the request.",
  "901":
    "KRA does not recognise this device: check the KRA PIN, the branch number and the device serial number KRA gave you.",
  "902":
    "This device is already initialised with KRA. If it was set up elsewhere, ask KRA to reset it or use another device serial number.",
  "903": "KRA says only an OSCU device can be verified this way: check that KRA approved this serial number for OSCU.",
  "910": "KRA refused the data sent (a field is missing or wrong).",
  "911": "KRA received an empty request.",
  "912": "KRA refused the request method.",
  "921": "KRA cannot receive this sale: it was already declared.",
  "922": "KRA can receive this invoice only after the sale itself.",
  "990": "KRA's limit of look-ups was reached; try again later.",
  "991": "KRA had an error while registering; try again later.",
  "992": "KRA had an error while changing the record; try again later.",
  "993": "KRA had an error while deleting; try again later.",
  "994": "KRA already has this record (sent twice).",
  "995": "KRA has no file to download.",
  "999": "KRA had an unknown error; try again later, or contact KRA.",
};

/** "901 ... (KRA: It is not valid device)": KRA's code in plain words, KRA's own message kept. */
export function oscuResultMessage(resultCd: string, resultMsg?: string | null): string {
  const plain = OSCU_RESULT_MESSAGES[resultCd] ?? `KRA refused the request (code ${resultCd}).`;
  return resultMsg ? `${plain} (KRA ${resultCd}: ${resultMsg})` : `${plain} (KRA ${resultCd})`;
}

const NAIROBI = "Africa/Nairobi";
/** YYYYMMDDhhmmss in Nairobi time: the specification's date-time (cfmDt, lastReqDt, ...). */
export const oscuDateTime = (at: Date) => format(new TZDate(at.getTime(), NAIROBI), "yyyyMMddHHmmss");
/** YYYYMMDD in Nairobi time (salesDt). */
export const oscuDate = (at: Date) => format(new TZDate(at.getTime(), NAIROBI), "yyyyMMdd");
/** The instant a YYYYMMDDhhmmss Nairobi time stands for (Nairobi has no summer time: UTC+3). */
export function parseOscuDateTime(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h - 3, mi, s));
  const back = oscuDateTime(at);
  return back === text ? at : null;
}

/** The envelope of every OSCU answer. */
export const oscuEnvelopeSchema = z.object({
  resultCd: z.string(),
  resultMsg: z.string().nullish(),
  resultDt: z.string().nullish(),
  data: z.unknown().nullish(),
});

/** selectInitOsdcInfo's `data.info`: the taxpayer, branch and device KRA knows. */
export const oscuInitInfoSchema = z.object({
  tin: z.string(),
  taxprNm: z.string().nullish(),
  bsnsActv: z.string().nullish(),
  bhfId: z.string(),
  bhfNm: z.string().nullish(),
  bhfOpenDt: z.string().nullish(),
  prvncNm: z.string().nullish(),
  dstrtNm: z.string().nullish(),
  sctrNm: z.string().nullish(),
  locDesc: z.string().nullish(),
  hqYn: z.string().nullish(),
  mgrNm: z.string().nullish(),
  mgrTelNo: z.string().nullish(),
  mgrEmail: z.string().nullish(),
  dvcId: z.string().nullish(),
  sdcId: z.string().min(1),
  mrcNo: z.string().min(1),
  cmcKey: z.string().min(1).max(255),
});
export type OscuInitInfo = z.infer<typeof oscuInitInfoSchema>;

/** One code of a KRA code class (selectCodeList dtlList). */
export const oscuCodeSchema = z.object({
  cd: z.string(),
  cdNm: z.string(),
  cdDesc: z.string().nullish(),
  useYn: z.string().nullish(),
  srtOrd: z.number().nullish(),
  userDfnCd1: z.string().nullish(),
  userDfnCd2: z.string().nullish(),
  userDfnCd3: z.string().nullish(),
});
export const oscuCodeClassSchema = z.object({
  cdCls: z.string(),
  cdClsNm: z.string(),
  cdClsDesc: z.string().nullish(),
  useYn: z.string().nullish(),
  userDfnNm1: z.string().nullish(),
  userDfnNm2: z.string().nullish(),
  userDfnNm3: z.string().nullish(),
  dtlList: z.array(oscuCodeSchema).nullish(),
});
export type OscuCodeClass = z.infer<typeof oscuCodeClassSchema>;
export const oscuCodeListDataSchema = z.object({ clsList: z.array(oscuCodeClassSchema) });

/** One item classification (selectItemClsList itemClsList). */
export const oscuItemClassSchema = z.object({
  itemClsCd: z.string(),
  itemClsNm: z.string(),
  itemClsLvl: z.number().nullish(),
  taxTyCd: z.string().nullish(),
  mjrTgYn: z.string().nullish(),
  useYn: z.string().nullish(),
});
export type OscuItemClass = z.infer<typeof oscuItemClassSchema>;
export const oscuItemClassListDataSchema = z.object({ itemClsList: z.array(oscuItemClassSchema) });

/** What KRA returns for a signed sale or credit note (saveTrnsSalesOsdc). */
export const oscuSaleSignatureSchema = z.object({
  curRcptNo: z.coerce.number().int(),
  totRcptNo: z.coerce.number().int(),
  intrlData: z.string(),
  rcptSign: z.string(),
  sdcDateTime: z.string(),
});
export type OscuSaleSignature = z.infer<typeof oscuSaleSignatureSchema>;

/**
 * KRA's code classes the product uses (cdCls of selectCodeList): tax types, countries, payment
 * types, transaction progress, quantity and packaging units, credit-note reasons, item types.
 */
export const OSCU_CODE_CLASSES = {
  taxType: "04",
  country: "05",
  paymentType: "07",
  quantityUnit: "10",
  salesStatus: "11",
  packagingUnit: "17",
  itemType: "24",
  refundReason: "32",
} as const;

/** A KRA branch id: two digits, "00" the head office. */
export const BHF_ID = /^\d{2}$/;

/** Settings: the device the owner initialises (KRA PIN, branch, serial number KRA approved). */
export const etimsDeviceInputSchema = z.object({
  businessId: z.uuid(),
  kraPin: kraPinSchema,
  bhfId: z.string().trim().regex(BHF_ID, "The branch id is two digits (00 for the head office)").default("00"),
  deviceSerial: z
    .string()
    .trim()
    .min(1, "Enter the device serial number KRA gave you")
    .max(100, "At most 100 characters"),
});
export type EtimsDeviceInput = z.infer<typeof etimsDeviceInputSchema>;

/** What Settings shows: connected as whom, or what is missing. Never the CMC key. */
export const etimsStatusSchema = z.object({
  connected: z.boolean(),
  environment: z.enum(["sandbox", "production", "other"]),
  kraPin: z.string().nullable(),
  bhfId: z.string().nullable(),
  taxpayerName: z.string().nullable(),
  branchName: z.string().nullable(),
  /** KRA's control unit id (printed on receipts). */
  sdcId: z.string().nullable(),
  mrcNo: z.string().nullable(),
  deviceSerial: z.string().nullable(),
  initialisedAt: z.string().nullable(),
  codeListsFetchedAt: z.string().nullable(),
  itemClassesFetchedAt: z.string().nullable(),
  /** What stops the business from sending to KRA, in words; empty when connected. */
  missing: z.array(z.enum(["kraPin", "device", "codeLists"])),
});
export type EtimsStatus = z.infer<typeof etimsStatusSchema>;

/** GET /api/etims/codes: one code class, or item classifications by search, from the cache. */
export const etimsCodesQuerySchema = z.object({
  businessId: z.uuid(),
  kind: z.enum(["codes", "itemClasses"]),
  /** The code class (cdCls, e.g. "10" quantity units); only with kind=codes. */
  cdCls: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const etimsCodeOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Tax type of an item classification, or a code's first user-defined value (a tax rate). */
  extra: z.string().nullable(),
});
export const etimsCodesSchema = z.object({
  fetchedAt: z.string().nullable(),
  items: z.array(etimsCodeOptionSchema),
});
export type EtimsCodes = z.infer<typeof etimsCodesSchema>;
