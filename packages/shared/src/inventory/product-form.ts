import { formatCentsPlain, parseKES } from "../money/money.ts";
import {
  createProductInputSchema,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  updateProductInputSchema,
  type CreateProductInput,
  type Product,
  type UpdateProductInput,
} from "./product.ts";

/**
 * A product form as a person types it: prices in shillings ("120.50"), counts as text.
 * readProductForm turns it into the API's input (cents, numbers) and checks it with the
 * API's own schemas, so the form and the server agree on every rule.
 */
export type ProductFormValues = {
  name: string;
  sku: string;
  barcode: string;
  categoryId: string;
  subcategoryId: string;
  unit: string;
  buyingPrice: string;
  sellingprice: string;
  wholesalePrice: string;
  quantity: string;
  reorderLevel: string;
  description: string;
  /** "" follows the business (B when VAT-registered, else D); else A-E. */
  taxType: string;
  /** KRA eTIMS codes ("": not chosen yet; needed once the business connects eTIMS). */
  etimsItemClass: string;
  etimsItemType: string;
  etimsOrigin: string;
  etimsPackagingUnit: string;
  etimsQuantityUnit: string;
  active: boolean;
};
export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  sku: "",
  barcode: "",
  categoryId: "",
  subcategoryId: "",
  unit: "pcs",
  buyingPrice: "",
  sellingprice: "",
  wholesalePrice: "",
  quantity: "0",
  reorderLevel: "0",
  description: "",
  taxType: "",
  etimsItemClass: "",
  etimsItemType: "",
  etimsOrigin: "",
  etimsPackagingUnit: "",
  etimsQuantityUnit: "",
  active: true,
};

/** The form of an existing product (its quantity is shown, not edited here). */
export function productToForm(p: Product): ProductFormValues {
  return {
    name: p.name,
    sku: p.sku ?? "",
    barcode: p.barcode ?? "",
    categoryId: p.categoryId ?? "",
    subcategoryId: p.subcategoryId ?? "",
    unit: p.unit,
    buyingPrice: formatCentsPlain(p.buyingPrice),
    sellingprice: formatCentsPlain(p.sellingprice),
    wholesalePrice: formatCentsPlain(p.wholesalePrice),
    quantity: String(p.quantity),
    reorderLevel: String(p.reorderLevel),
    description: p.description,
    taxType: p.taxType ?? "",
    etimsItemClass: p.etimsItemClass ?? "",
    etimsItemType: p.etimsItemType ?? "",
    etimsOrigin: p.etimsOrigin ?? "",
    etimsPackagingUnit: p.etimsPackagingUnit ?? "",
    etimsQuantityUnit: p.etimsQuantityUnit ?? "",
    active: p.active,
  };
}

export const MONEY_HINT = "Enter an amount in shillings, e.g. 120.50";
const MONEY_FIELDS = ["buyingPrice", "sellingprice", "wholesalePrice"] as const;
const COUNT_FIELDS = ["quantity", "reorderLevel"] as const;

/** Shillings text to cents; an empty optional amount is 0, an empty required one is an error. */
function readMoney(text: string, required: boolean): number | string {
  if (text.trim() === "") return required ? "Required" : 0;
  return parseKES(text.trim()) ?? MONEY_HINT;
}

function readCount(text: string): number | string {
  const t = text.trim();
  if (t === "") return 0;
  return /^\d+$/.test(t) ? Number(t) : "Enter a whole number of units";
}

type Read<T> = { ok: true; input: T } | { ok: false; errors: ProductFormErrors };

function convert(
  v: ProductFormValues,
  withQuantity: boolean,
): { values: Record<string, unknown>; errors: ProductFormErrors } {
  const errors: ProductFormErrors = {};
  const values: Record<string, unknown> = {
    name: v.name,
    sku: v.sku,
    barcode: v.barcode,
    categoryId: v.categoryId || null,
    subcategoryId: v.subcategoryId || null,
    unit: v.unit,
    description: v.description,
    taxType: v.taxType || null,
    etimsItemClass: v.etimsItemClass || null,
    etimsItemType: v.etimsItemType || null,
    etimsOrigin: v.etimsOrigin || null,
    etimsPackagingUnit: v.etimsPackagingUnit || null,
    etimsQuantityUnit: v.etimsQuantityUnit || null,
    active: v.active,
  };
  for (const f of MONEY_FIELDS) {
    const r = readMoney(v[f], f === "sellingprice");
    if (typeof r === "string") errors[f] = r;
    else values[f] = r;
  }
  for (const f of COUNT_FIELDS) {
    if (f === "quantity" && !withQuantity) continue;
    const r = readCount(v[f]);
    if (typeof r === "string") errors[f] = r;
    else values[f] = r;
  }
  return { values, errors };
}

function check<T>(
  schema: {
    safeParse: (
      x: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  values: Record<string, unknown>,
  errors: ProductFormErrors,
): Read<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, input: parsed.data };
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "name") as keyof ProductFormValues;
      errors[field] ??= issue.message;
    }
  return { ok: false, errors };
}

/** A new product's form, checked by the API's create schema. */
export function readCreateProductForm(v: ProductFormValues, businessId: string): Read<CreateProductInput> {
  const { values, errors } = convert(v, true);
  return check<CreateProductInput>(createProductInputSchema, { ...values, businessId }, errors);
}

/** An existing product's form, checked by the API's update schema (quantity is not part of it). */
export function readUpdateProductForm(v: ProductFormValues): Read<UpdateProductInput> {
  const { values, errors } = convert(v, false);
  return check<UpdateProductInput>(updateProductInputSchema, values, errors);
}

/** Why an image cannot be uploaded, or null when it can (the server checks its content too). */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return "Choose a JPEG, PNG or WebP image";
  if (file.size > MAX_IMAGE_BYTES) return "The image is larger than 5 MB; choose a smaller one";
  return null;
}
