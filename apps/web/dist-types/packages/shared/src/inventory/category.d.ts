import { z } from "zod";
export declare const subcategorySchema: z.ZodObject<{
    _id: z.ZodUUID;
    name: z.ZodString;
}, z.core.$strip>;
export declare const categorySchema: z.ZodObject<{
    _id: z.ZodUUID;
    name: z.ZodString;
    subcategories: z.ZodArray<z.ZodObject<{
        _id: z.ZodUUID;
        name: z.ZodString;
    }, z.core.$strip>>;
    productCount: z.ZodNumber;
    createdAt: z.ZodString;
}, z.core.$strip>;
export type Category = z.infer<typeof categorySchema>;
export type Subcategory = z.infer<typeof subcategorySchema>;
export declare const createCategoryInputSchema: z.ZodObject<{
    businessId: z.ZodUUID;
    name: z.ZodString;
}, z.core.$strip>;
export declare const renameInputSchema: z.ZodObject<{
    name: z.ZodString;
}, z.core.$strip>;
export declare const createSubcategoryInputSchema: z.ZodObject<{
    name: z.ZodString;
}, z.core.$strip>;
