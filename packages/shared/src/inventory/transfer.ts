import { z } from "zod";
import { MAX_STOCK_QUANTITY } from "../money/limits.ts";

const pair = { businessId: z.uuid(), toBusinessId: z.uuid() };
const differentBusinesses = (v: { businessId: string; toBusinessId: string }) => v.businessId !== v.toBusinessId;
const differentMessage = { message: "Choose a different business to transfer to", path: ["toBusinessId"] };

export const transferProductsInputSchema = z
  .object({
    ...pair,
    products: z
      .array(z.object({ productId: z.uuid(), quantity: z.number().int().min(1, "At least 1").max(MAX_STOCK_QUANTITY) }))
      .min(1, "Choose at least one product")
      .max(5000)
      .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
        message: "A product appears twice",
      }),
    note: z.string().trim().max(500).default(""),
  })
  .refine(differentBusinesses, differentMessage);
export type TransferProductsInput = z.infer<typeof transferProductsInputSchema>;

export const businessPairInputSchema = z.object(pair).refine(differentBusinesses, differentMessage);
export type BusinessPairInput = z.infer<typeof businessPairInputSchema>;

export const TRANSFER_KINDS = ["transfer", "transfer_all", "copy"] as const;

export const transferSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(TRANSFER_KINDS),
  fromBusinessId: z.uuid(),
  fromBusinessName: z.string(),
  toBusinessId: z.uuid(),
  toBusinessName: z.string(),
  lines: z.array(
    z.object({ productId: z.uuid(), toProductId: z.uuid(), name: z.string(), quantity: z.number().int() }),
  ),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;
