import { z } from "zod";
export declare const dailyStockLogSchema: z.ZodObject<{
    _id: z.ZodUUID;
    product: z.ZodObject<{
        name: z.ZodString;
        image: z.ZodNullable<z.ZodString>;
        quantity: z.ZodNumber;
    }, z.core.$strip>;
    openingStock: z.ZodNumber;
    closingStock: z.ZodNumber;
}, z.core.$strip>;
export type DailyStockLog = z.infer<typeof dailyStockLogSchema>;
export declare const dailyStockQuerySchema: z.ZodObject<{
    businessId: z.ZodUUID;
    startDate: z.ZodISODateTime;
    endDate: z.ZodISODateTime;
}, z.core.$strip>;
/**
 * The start and end (ISO) of the business day holding `day` ("yyyy-MM-dd") in the business's
 * time zone: a Nairobi shop's day runs 00:00-23:59:59.999 East Africa Time, wherever the browser is.
 */
export declare function businessDayRange(day: string, timeZone: string): {
    startDate: string;
    endDate: string;
};
/** Today's date ("yyyy-MM-dd") in a time zone. */
export declare function todayIn(timeZone: string, now?: Date): string;
/** Daily change = closing minus opening (spec section 2). */
export declare const dailyChange: (log: Pick<DailyStockLog, "openingStock" | "closingStock">) => number;
