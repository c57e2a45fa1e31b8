import { describe, expect, it } from "vitest";
import type { Sale } from "../sales/sale.ts";
import { print, sale } from "./receipt-fixture.ts";
import { kitchenTicketLines, receiptLines, twoColumns, type PrintLine } from "./receipt.ts";

const texts = (lines: PrintLine[]) => lines.flatMap((l) => (l.kind === "text" ? [l.text] : []));

describe("kitchenTicketLines", () => {
  it("prints each change once: changed with the previous quantity, new, CANCEL with what was ordered", () => {
    const lines = texts(kitchenTicketLines(print, "Africa/Nairobi", 48));
    expect(lines).toContain("KITCHEN ORDER #2");
    expect(lines).toContain("Terrace / T4");
    expect(lines).toContain("CHANGED 3 (was 2) x Beef stew");
    expect(lines).toContain("1 x Ugali");
    expect(lines).toContain("CANCEL 2 x Chicken tikka masala with garlic naan and kachumbari");
  });

  it("never cuts a long dish name, whatever the paper width (the printer wraps it)", () => {
    for (const width of [32, 48])
      expect(
        texts(kitchenTicketLines(print, "Africa/Nairobi", width)).some((t) => t.endsWith("garlic naan and kachumbari")),
      ).toBe(true);
  });

  it("says Counter without a table, and adds the note", () => {
    const lines = texts(
      kitchenTicketLines({ ...print, sectionName: null, tableName: null, note: "No chilli" }, "Africa/Nairobi", 48),
    );
    expect(lines).toContain("Counter");
    expect(lines).toContain("Note: No chilli");
  });
});

describe("receiptLines", () => {
  it("shows the lines, the total, each payment with its reference, the change and the balance owing", () => {
    const lines = texts(receiptLines(sale, { name: "Duka Bar", timeZone: "Africa/Nairobi" }, 48));
    expect(lines).toContain("Receipt #41");
    expect(lines).toContain("01/03/2026, 12:30");
    expect(lines).toContain(twoColumns("  2 x 225.00", "450.00", 48));
    expect(lines).toContain(twoColumns("TOTAL", "KES 450.00", 48));
    expect(lines).toContain(twoColumns("M-Pesa QGH7XYZ12A", "150.00", 48));
    expect(lines).toContain(twoColumns("  Cash tendered", "200.00", 48));
    expect(lines).toContain(twoColumns("Change", "100.00", 48));
    expect(lines).toContain(twoColumns("Balance owing", "200.00", 48));
    expect(lines).toContain("Customer: Otieno 0722000111");
    expect(lines).not.toContain("*** VOIDED ***");
    expect(
      texts(receiptLines({ ...sale, status: "voided" }, { name: "Duka Bar", timeZone: "Africa/Nairobi" }, 32)),
    ).toContain("*** VOIDED ***");
  });

  it("names a promoted line's promotion (issue 31 item 2): 4 x 40.00 = 160.00, Promotion: 3 for 100 -20.00; in Swahili Ofa", () => {
    const promoted: Sale = {
      ...sale,
      discount: 2000,
      products: [
        {
          ...sale.products[0]!,
          productQuantity: 4,
          productPrice: 4000,
          listPrice: 4000,
          totalPrice: 14000,
          discount: 2000,
          discountReason: "Promotion: 3 for 100",
          promotionId: "00000000-0000-4000-8000-000000000099",
          promotionName: "3 for 100",
        },
      ],
    };
    const business = { name: "Duka Bar", timeZone: "Africa/Nairobi" };
    const lines = texts(receiptLines(promoted, business, 48));
    expect(lines).toContain(twoColumns("  4 x 40.00", "160.00", 48));
    expect(lines).toContain(twoColumns("  Promotion: 3 for 100", "-20.00", 48));
    expect(texts(receiptLines(promoted, business, 48, { language: "sw" }))).toContain(
      twoColumns("  Ofa: 3 for 100", "-20.00", 48),
    );
  });

  it("marks a sale made offline NOT YET SYNCED, in both languages, and names it by its device id", () => {
    const lines = texts(receiptLines(sale, { name: "Duka Bar", timeZone: "Africa/Nairobi" }, 48, { notSynced: true }));
    expect(lines).toContain("*** NOT YET SYNCED / BADO HAIJATUMWA ***");
    expect(lines).toContain("Receipt 00000000");
    expect(lines).not.toContain("Receipt #41");
  });

  it("prints the KRA PIN and, for a VAT-registered business, each band's amount before tax, its VAT and the VAT total", () => {
    // 1,160.00 at 16% (B): 1,000.00 + 160.00 VAT; 200.00 exempt (A): no VAT. Total VAT 160.00.
    const taxed: Sale = {
      ...sale,
      vatBands: [
        { taxType: "A", rateBp: 0, taxable: 20_000, tax: 0, total: 20_000 },
        { taxType: "B", rateBp: 1600, taxable: 100_000, tax: 16_000, total: 116_000 },
      ],
    };
    const shop = { name: "Duka Bar", timeZone: "Africa/Nairobi", kraPin: "P051234567X", vatRegistered: true };
    const lines = texts(receiptLines(taxed, shop, 48));
    expect(lines[1]).toBe("KRA PIN: P051234567X");
    expect(lines).toContain(twoColumns("A Exempt", "      200.00         0.00", 48));
    expect(lines).toContain(twoColumns("B 16%", "    1,000.00       160.00", 48));
    expect(lines).toContain(twoColumns("TOTAL VAT", "160.00", 48));
    // On 58 mm paper the table still fits its 32 columns.
    for (const line of texts(receiptLines(taxed, shop, 32))) expect(line.length, line).toBeLessThanOrEqual(32);
  });

  it("prints no VAT table for a business not registered for VAT (every line band D), nor a PIN it has not saved", () => {
    const plain: Sale = { ...sale, vatBands: [{ taxType: "D", rateBp: 0, taxable: 45_000, tax: 0, total: 45_000 }] };
    const lines = texts(receiptLines(plain, { name: "Duka Bar", timeZone: "Africa/Nairobi", kraPin: null }, 48));
    expect(lines.some((l) => l.includes("PIN"))).toBe(false);
    expect(lines.some((l) => l.includes("VAT"))).toBe(false);
  });

  it("says where the sale stands with eTIMS: 'not connected' (never 'not required') for a business not connected", () => {
    const business = { name: "Duka Bar", timeZone: "Africa/Nairobi" };
    expect(texts(receiptLines(sale, business, 48))).toContain("eTIMS: pending");
    const unconnected = texts(receiptLines({ ...sale, etimsState: "not_required" }, business, 32));
    expect(unconnected).toContain("eTIMS: not connected");
    expect(unconnected.join("\n")).not.toMatch(/not required/);
    // A sale still on the till (offline) has not reached the server: no eTIMS line yet.
    expect(texts(receiptLines(sale, business, 48, { notSynced: true })).join("\n")).not.toMatch(/eTIMS/);
  });

  const proof = {
    sdcId: "KRACU0100000001",
    mrcNo: "WIS01000001",
    invcNo: 41,
    curRcptNo: 12,
    totRcptNo: 40,
    intrlData: "TE3KUQJQAGQJ5CKZVKAVRI6AHM",
    rcptSign: "QUII27MATATSHFRB",
    sdcDateTime: "20260301123005",
  };
  const connected = {
    name: "Duka Bar",
    timeZone: "Africa/Nairobi",
    kraPin: "P051234567X",
    etims: { tin: "P051234567X", bhfId: "00", production: true },
  };

  it("prints KRA's control unit information, the band table and KRA's QR code once signed", () => {
    const plain: Sale = { ...sale, vatBands: [{ taxType: "D", rateBp: 0, taxable: 45_000, tax: 0, total: 45_000 }] };
    const lines = receiptLines({ ...plain, etimsState: "signed", etimsProof: proof }, connected, 48);
    const text = texts(lines);
    expect(text).toContain(twoColumns("SCU ID", "KRACU0100000001", 48));
    expect(text).toContain(twoColumns("KRA receipt no.", "12/40", 48));
    expect(text).toContain(twoColumns("Internal data", "TE3KUQJQAGQJ5CKZVKAVRI6AHM", 48));
    expect(text).toContain(twoColumns("Receipt signature", "QUII27MATATSHFRB", 48));
    expect(text).toContain(twoColumns("KRA date and time", "01/03/2026 12:30:05", 48));
    // The per-band tax table prints on a signed receipt even for a business not registered for VAT.
    expect(text).toContain(twoColumns("D Non-VAT", "      450.00         0.00", 48));
    expect(lines.filter((l) => l.kind === "qr")).toEqual([
      {
        kind: "qr",
        data: "https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00QUII27MATATSHFRB",
      },
    ]);
    expect(text.join("\n")).not.toMatch(/Awaiting|eTIMS: /);
    // On 58 mm paper nothing is wider than the paper: a long value goes under its label.
    const narrow = texts(receiptLines({ ...plain, etimsState: "signed", etimsProof: proof }, connected, 32));
    for (const line of narrow) expect(line.length, line).toBeLessThanOrEqual(32);
    expect(narrow).toContain("Internal data:");
    // The sandbox's link for a device on KRA's sandbox.
    const sandbox = receiptLines(
      { ...sale, etimsState: "signed", etimsProof: proof },
      {
        ...connected,
        etims: { ...connected.etims, production: false },
      },
      48,
    );
    expect(sandbox.find((l) => l.kind === "qr")).toMatchObject({
      data: expect.stringMatching(/^https:\/\/etims-sbx\.kra\.go\.ke\//),
    });
  });

  it("says 'Awaiting KRA signature' in English and Swahili while a connected business's sale waits, and no QR code", () => {
    for (const etimsState of ["pending", "failed"] as const) {
      const lines = receiptLines({ ...sale, etimsState }, connected, 48);
      expect(texts(lines)).toEqual(expect.arrayContaining(["Awaiting KRA signature", "Inasubiri sahihi ya KRA"]));
      expect(lines.some((l) => l.kind === "qr")).toBe(false);
    }
    // Not connected: the state's label, never "Awaiting".
    const unconnected = texts(receiptLines({ ...sale, etimsState: "not_required" }, { ...connected, etims: null }, 48));
    expect(unconnected).toContain("eTIMS: not connected");
    expect(unconnected.join("\n")).not.toMatch(/Awaiting/);
    // Offline: nothing about eTIMS.
    expect(texts(receiptLines(sale, connected, 48, { notSynced: true })).join("\n")).not.toMatch(/Awaiting|eTIMS/);
  });

  it("twoColumns fills the width exactly and cuts the left side when both do not fit", () => {
    expect(twoColumns("TOTAL", "1.00", 12)).toBe("TOTAL   1.00");
    expect(twoColumns("A very long product name", "100.00", 16)).toBe("A very lo 100.00");
  });
});
