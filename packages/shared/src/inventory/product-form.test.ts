import { describe, expect, it } from "vitest";
import type { Product } from "./product.ts";
import {
  EMPTY_PRODUCT_FORM,
  imageFileProblem,
  MONEY_HINT,
  productToForm,
  readCreateProductForm,
  readUpdateProductForm,
} from "./product-form.ts";

const BUSINESS = "6f1c1c3e-8a51-4b5e-9a4c-0c2f3d3f7a10";
const CATEGORY = "0b8f7a52-3f0e-4d7c-8c55-2d4d5b9f6a21";

describe("reading the product form", () => {
  it("turns shillings into cents and text counts into numbers", () => {
    const read = readCreateProductForm(
      {
        ...EMPTY_PRODUCT_FORM,
        name: " Sugar 1kg ",
        sku: "SUG-1",
        buyingPrice: "120",
        sellingprice: "1,234.5",
        wholesalePrice: "",
        quantity: "40",
        reorderLevel: "5",
        categoryId: CATEGORY,
      },
      BUSINESS,
    );
    expect(read).toEqual({
      ok: true,
      input: expect.objectContaining({
        businessId: BUSINESS,
        name: "Sugar 1kg",
        sku: "SUG-1",
        barcode: null,
        categoryId: CATEGORY,
        subcategoryId: null,
        buyingPrice: 12000,
        sellingprice: 123450,
        wholesalePrice: 0,
        quantity: 40,
        reorderLevel: 5,
        active: true,
      }),
    });
  });

  it("names every bad field: required name and selling price, bad amounts and counts", () => {
    const read = readCreateProductForm(
      { ...EMPTY_PRODUCT_FORM, name: "  ", buyingPrice: "12.345", quantity: "2.5", reorderLevel: "-1" },
      BUSINESS,
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        name: "Required",
        sellingprice: "Required",
        buyingPrice: MONEY_HINT,
        quantity: "Enter a whole number of units",
        reorderLevel: "Enter a whole number of units",
      },
    });
  });

  it("reports the API schema's own messages (too long a name)", () => {
    const read = readCreateProductForm({ ...EMPTY_PRODUCT_FORM, name: "x".repeat(201), sellingprice: "10" }, BUSINESS);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors.name).toMatch(/200/);
  });

  it("an edit leaves the quantity out (it changes only through stock movements)", () => {
    const read = readUpdateProductForm({
      ...EMPTY_PRODUCT_FORM,
      name: "Salt",
      sellingprice: "30",
      quantity: "not read",
    });
    expect(read.ok).toBe(true);
    expect(read.ok && "quantity" in read.input).toBe(false);
    expect(read.ok && read.input.sellingprice).toBe(3000);
  });

  it("round-trips an existing product", () => {
    const product: Product = {
      _id: CATEGORY,
      business: BUSINESS,
      name: "Rice",
      sku: null,
      barcode: "600100",
      categoryId: null,
      subcategoryId: null,
      unit: "kg",
      buyingPrice: 9050,
      sellingprice: 12000,
      wholesalePrice: 11005,
      quantity: 7,
      reorderLevel: 3,
      image: null,
      description: "",
      taxType: "E",
      etimsItemClass: null,
      etimsItemType: null,
      etimsOrigin: null,
      etimsPackagingUnit: null,
      etimsQuantityUnit: null,
      etimsItemCode: null,
      etimsRegistered: false,
      etimsError: null,
      active: false,
      archived: false,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const form = productToForm(product);
    expect(form).toMatchObject({
      sku: "",
      barcode: "600100",
      buyingPrice: "90.50",
      wholesalePrice: "110.05",
      quantity: "7",
      active: false,
    });
    const read = readUpdateProductForm(form);
    expect(read.ok && read.input).toMatchObject({
      buyingPrice: 9050,
      sellingprice: 12000,
      wholesalePrice: 11005,
      reorderLevel: 3,
      sku: null,
      barcode: "600100",
      active: false,
    });
  });
});

describe("image files", () => {
  it("accepts JPEG, PNG and WebP up to 5 MB", () => {
    expect(imageFileProblem({ type: "image/png", size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: "image/webp", size: 5 * 1024 * 1024 })).toBeNull();
  });
  it("refuses other types and larger files with a clear reason", () => {
    expect(imageFileProblem({ type: "image/gif", size: 10 })).toBe("Choose a JPEG, PNG or WebP image");
    expect(imageFileProblem({ type: "image/jpeg", size: 5 * 1024 * 1024 + 1 })).toMatch(/larger than 5 MB/);
  });
});
