import { z } from "zod";
export declare const transferProductsInputSchema: z.ZodObject<{
    products: z.ZodArray<z.ZodObject<{
        productId: z.ZodUUID;
        quantity: z.ZodNumber;
    }, z.core.$strip>>;
    note: z.ZodDefault<z.ZodString>;
    businessId: z.ZodUUID;
    toBusinessId: z.ZodUUID;
}, z.core.$strip>;
export type TransferProductsInput = z.infer<typeof transferProductsInputSchema>;
export declare const businessPairInputSchema: z.ZodObject<{
    businessId: z.ZodUUID;
    toBusinessId: z.ZodUUID;
}, z.core.$strip>;
export type BusinessPairInput = z.infer<typeof businessPairInputSchema>;
export declare const TRANSFER_KINDS: readonly ["transfer", "transfer_all", "copy"];
export declare const transferSchema: z.ZodObject<{
    _id: z.ZodUUID;
    kind: z.ZodEnum<{
        transfer: "transfer";
        transfer_all: "transfer_all";
        copy: "copy";
    }>;
    fromBusinessId: z.ZodUUID;
    fromBusinessName: z.ZodString;
    toBusinessId: z.ZodUUID;
    toBusinessName: z.ZodString;
    lines: z.ZodArray<z.ZodObject<{
        productId: z.ZodUUID;
        toProductId: z.ZodUUID;
        name: z.ZodString;
        quantity: z.ZodNumber;
    }, z.core.$strip>>;
    note: z.ZodString;
    createdBy: z.ZodString;
    createdAt: z.ZodString;
}, z.core.$strip>;
export type Transfer = z.infer<typeof transferSchema>;
