import { z } from "zod";
import type { EtimsState } from "../tax/vat.ts";
import type { EtimsProof } from "./proof.ts";
import { oscuReceiptLink } from "./sale-payload.ts";

/**
 * The business's eTIMS branch as a receipt needs it to build KRA's verification link: the KRA PIN
 * and branch id the device was initialised with, and whether it is KRA's production system (else
 * the sandbox's link).
 */
export type EtimsReceiptBranch = { tin: string; bhfId: string; production: boolean };

/** What an unsigned receipt of a connected business says until KRA signs it, in both languages. */
export const AWAITING_KRA_MARK = "Awaiting KRA signature";
export const AWAITING_KRA_MARK_SW = "Inasubiri sahihi ya KRA";

/** KRA's date and time (`sdcDateTime`, YYYYMMDDhhmmss, Nairobi) as printed: "28/11/2026 14:05:09". */
export function kraDateTime(sdcDateTime: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(sdcDateTime);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}:${m[6]}` : sdcDateTime;
}

/** KRA's receipt number as printed: this receipt type's number, then the branch's total ("12/40"). */
export const kraReceiptNumber = (proof: EtimsProof) => `${proof.curRcptNo}/${proof.totRcptNo}`;

/**
 * The "control unit information" block a signed receipt, invoice or credit note prints (OSCU/VSCU
 * specification 2.0): the SCU id, KRA's receipt number, the internal data, the receipt signature
 * and KRA's date and time, as label and value pairs in print order.
 */
export function etimsProofRows(proof: EtimsProof): { label: string; value: string }[] {
  return [
    { label: "SCU ID", value: proof.sdcId },
    { label: "KRA receipt no.", value: kraReceiptNumber(proof) },
    { label: "Internal data", value: proof.intrlData },
    { label: "Receipt signature", value: proof.rcptSign },
    { label: "KRA date and time", value: kraDateTime(proof.sdcDateTime) },
  ];
}

/** KRA's verification link for a signed receipt (its QR code), or null when the branch is not known. */
export function etimsVerificationLink(proof: EtimsProof, branch: EtimsReceiptBranch | null | undefined): string | null {
  if (!branch) return null;
  return oscuReceiptLink({
    production: branch.production,
    tin: branch.tin,
    bhfId: branch.bhfId,
    rcptSign: proof.rcptSign,
  });
}

/**
 * What a tax document prints about eTIMS: KRA's proof once signed; "Awaiting KRA signature" while a
 * connected business's sale waits for KRA (pending, or refused and to be retried); the state's
 * label otherwise ("eTIMS: not connected" for a business that has not connected its device).
 * `branch` is the business's connected device, null when it has none.
 */
export type EtimsPrint =
  | { kind: "signed"; proof: EtimsProof; rows: { label: string; value: string }[]; link: string | null }
  | { kind: "awaiting" }
  | { kind: "label" };

export function etimsPrintOf(
  doc: { etimsState: EtimsState; etimsProof: EtimsProof | null },
  branch: EtimsReceiptBranch | null | undefined,
): EtimsPrint {
  if (doc.etimsProof)
    return {
      kind: "signed",
      proof: doc.etimsProof,
      rows: etimsProofRows(doc.etimsProof),
      link: etimsVerificationLink(doc.etimsProof, branch),
    };
  if (branch && (doc.etimsState === "pending" || doc.etimsState === "failed")) return { kind: "awaiting" };
  return { kind: "label" };
}

/** GET /api/etims/receipt-branch: the business's connected branch for its receipts' QR code, or null. */
export const etimsReceiptBranchSchema = z
  .object({ tin: z.string(), bhfId: z.string(), production: z.boolean() })
  .nullable();
