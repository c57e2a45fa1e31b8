import { describe, expect, it } from "vitest";
import { emptyDocumentForm, newLine, previewOf, readDocumentForm } from "./document-form.ts";

const CLIENT = "22222222-2222-4222-8222-222222222222";

describe("the invoice and quotation form", () => {
  it("reads shillings as cents and names a walk-in or a client", () => {
    const form = {
      ...emptyDocumentForm("2026-04-30"),
      clientId: CLIENT,
      lines: [newLine({ description: "Tent", quantity: "2", unitPrice: "1,160.00" })],
    };
    expect(readDocumentForm(form, "invoice")).toEqual({
      ok: true,
      input: {
        clientId: CLIENT,
        dueDate: "2026-04-30",
        notes: "",
        lines: [{ description: "Tent", quantity: 2, unitPrice: 116_000 }],
      },
    });
    const walkIn = readDocumentForm({ ...form, clientId: "", customerName: "Wanjiku" }, "quotation");
    expect(walkIn.ok && walkIn.input).toMatchObject({ customerName: "Wanjiku", validUntil: "2026-04-30" });
  });

  it("names each field at fault as the API does", () => {
    const form = { ...emptyDocumentForm(""), lines: [newLine({ quantity: "0", unitPrice: "abc" })] };
    const read = readDocumentForm(form, "invoice");
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors).toMatchObject({
      clientId: expect.any(String),
      "lines.0.description": expect.any(String),
      "lines.0.quantity": expect.any(String),
      "lines.0.unitPrice": "Enter a price in shillings, e.g. 120.50",
    });
  });

  it("says a line above the money limit is too large, and its preview does not throw", () => {
    const form = {
      ...emptyDocumentForm(""),
      clientId: CLIENT,
      lines: [newLine({ description: "Bulk", quantity: "1000000", unitPrice: "1,000,000,000.00" })],
    };
    const read = readDocumentForm(form, "invoice");
    expect(!read.ok && read.errors).toEqual({ "lines.0.unitPrice": "The line's total is above KES 1,000,000,000.00" });
    expect(() => previewOf(form, true)).not.toThrow();
  });

  it("previews the VAT per band with the server's rule (no VAT when not registered)", () => {
    const form = {
      ...emptyDocumentForm(""),
      lines: [
        newLine({ description: "A", quantity: "1", unitPrice: "116" }),
        newLine({ description: "B", quantity: "1", unitPrice: "108", taxType: "E" as const }),
      ],
    };
    expect(previewOf(form, true)).toMatchObject({ total: 22_400, tax: 2_400 });
    expect(previewOf(form, false)).toMatchObject({ total: 22_400, tax: 0, bands: [{ taxType: "D", total: 22_400 }] });
  });
});
