import { z } from "zod";

/**
 * What KRA returns when it signs a sale or a credit note (`saveTrnsSalesOsdc`, OSCU/VSCU
 * specification 2.0), kept on the sale or document and printed on its receipt: the control unit
 * (`sdcId`) and machine (`mrcNo`) that signed it, KRA's receipt number for this receipt type
 * (`curRcptNo`, gapless per branch) and in all (`totRcptNo`), the internal data and the signature
 * (`intrlData`, `rcptSign`), KRA's date and time (`sdcDateTime`, YYYYMMDDhhmmss, Nairobi) and the
 * invoice number we sent (`invcNo`, our own sequence per branch, separate from the sale number).
 */
export const etimsProofSchema = z.object({
  sdcId: z.string(),
  mrcNo: z.string(),
  invcNo: z.number().int(),
  curRcptNo: z.number().int(),
  totRcptNo: z.number().int(),
  intrlData: z.string(),
  rcptSign: z.string(),
  sdcDateTime: z.string(),
});
export type EtimsProof = z.infer<typeof etimsProofSchema>;
