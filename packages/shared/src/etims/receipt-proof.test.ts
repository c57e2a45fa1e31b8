import { describe, expect, it } from "vitest";
import { etimsPrintOf, kraDateTime } from "./receipt-proof.ts";

const proof = {
  sdcId: "KRACU0100000001",
  mrcNo: "WIS01000001",
  invcNo: 7,
  curRcptNo: 3,
  totRcptNo: 9,
  intrlData: "TE3KUQJQAGQJ5CKZVKAVRI6AHM",
  rcptSign: "QUII27MATATSHFRB",
  sdcDateTime: "20261128235959",
};
const branch = { tin: "P051234567X", bhfId: "01", production: false };

describe("etimsPrintOf", () => {
  it("prints KRA's proof and the verification link once signed, whatever the state says", () => {
    const print = etimsPrintOf({ etimsState: "signed", etimsProof: proof }, branch);
    expect(print).toMatchObject({
      kind: "signed",
      link: "https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X01QUII27MATATSHFRB",
    });
    expect(print.kind === "signed" && print.rows.map((r) => r.value)).toEqual([
      "KRACU0100000001",
      "3/9",
      "TE3KUQJQAGQJ5CKZVKAVRI6AHM",
      "QUII27MATATSHFRB",
      "28/11/2026 23:59:59",
    ]);
    // Signed, but the device is gone: the proof still prints, without a QR code.
    expect(etimsPrintOf({ etimsState: "signed", etimsProof: proof }, null)).toMatchObject({
      kind: "signed",
      link: null,
    });
  });

  it("awaits KRA only for a connected business's pending or failed sale", () => {
    expect(etimsPrintOf({ etimsState: "pending", etimsProof: null }, branch)).toEqual({ kind: "awaiting" });
    expect(etimsPrintOf({ etimsState: "failed", etimsProof: null }, branch)).toEqual({ kind: "awaiting" });
    expect(etimsPrintOf({ etimsState: "pending", etimsProof: null }, null)).toEqual({ kind: "label" });
    expect(etimsPrintOf({ etimsState: "not_required", etimsProof: null }, branch)).toEqual({ kind: "label" });
  });

  it("reads KRA's date and time as printed, and keeps anything else as KRA sent it", () => {
    expect(kraDateTime("20260301090502")).toBe("01/03/2026 09:05:02");
    expect(kraDateTime("2026-03-01")).toBe("2026-03-01");
  });
});
