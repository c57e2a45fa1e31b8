import { z } from "zod";
/** Why a product's quantity changed; every change writes one movement (the stock ledger). */
export declare const STOCK_REASONS: readonly ["sale", "void", "restore", "supply", "transfer_in", "transfer_out", "adjustment", "clear"];
export type StockReason = (typeof STOCK_REASONS)[number];
export declare const stockMovementSchema: z.ZodObject<{
    _id: z.ZodUUID;
    productId: z.ZodUUID;
    delta: z.ZodNumber;
    quantityAfter: z.ZodNumber;
    reason: z.ZodEnum<{
        void: "void";
        clear: "clear";
        sale: "sale";
        restore: "restore";
        supply: "supply";
        transfer_in: "transfer_in";
        transfer_out: "transfer_out";
        adjustment: "adjustment";
    }>;
    refType: z.ZodNullable<z.ZodString>;
    refId: z.ZodNullable<z.ZodString>;
    note: z.ZodString;
    actorName: z.ZodString;
    createdAt: z.ZodString;
}, z.core.$strip>;
export type StockMovement = z.infer<typeof stockMovementSchema>;
/** Set the counted quantity, or add/remove a number of units. */
export declare const adjustStockInputSchema: z.ZodObject<{
    quantity: z.ZodOptional<z.ZodNumber>;
    delta: z.ZodOptional<z.ZodNumber>;
    note: z.ZodString;
}, z.core.$strip>;
export type AdjustStockInput = z.infer<typeof adjustStockInputSchema>;
export declare const clearQuantityInputSchema: z.ZodObject<{
    reason: z.ZodString;
}, z.core.$strip>;
export type ClearQuantityInput = z.infer<typeof clearQuantityInputSchema>;
export declare const movementPageSchema: z.ZodObject<{
    items: z.ZodArray<z.ZodObject<{
        _id: z.ZodUUID;
        productId: z.ZodUUID;
        delta: z.ZodNumber;
        quantityAfter: z.ZodNumber;
        reason: z.ZodEnum<{
            void: "void";
            clear: "clear";
            sale: "sale";
            restore: "restore";
            supply: "supply";
            transfer_in: "transfer_in";
            transfer_out: "transfer_out";
            adjustment: "adjustment";
        }>;
        refType: z.ZodNullable<z.ZodString>;
        refId: z.ZodNullable<z.ZodString>;
        note: z.ZodString;
        actorName: z.ZodString;
        createdAt: z.ZodString;
    }, z.core.$strip>>;
    total: z.ZodNumber;
}, z.core.$strip>;
export declare const REASON_LABELS: Record<StockReason, string>;
