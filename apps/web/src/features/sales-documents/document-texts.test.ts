import { describe, expect, it } from "vitest";
import { etimsLabel } from "./document-texts.ts";

describe("a document's eTIMS chip", () => {
  it("is 'not connected' for a sale, invoice or credit note not sent, 'not required' only for a quotation", () => {
    expect(etimsLabel("not_required", "invoice")).toBe("eTIMS: not connected");
    expect(etimsLabel("not_required", "credit_note")).toBe("eTIMS: not connected");
    expect(etimsLabel("not_required")).toBe("eTIMS: not connected");
    expect(etimsLabel("not_required", "quotation")).toBe("eTIMS: not required");
    expect(etimsLabel("signed", "invoice")).toBe("eTIMS: signed");
  });
});
