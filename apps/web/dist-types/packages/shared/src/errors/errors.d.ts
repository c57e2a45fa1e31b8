import { z } from "zod";
/** Every API failure has this shape: { error: { code, message, fields? } }. */
export declare const apiErrorSchema: z.ZodObject<{
    error: z.ZodObject<{
        code: z.ZodString;
        message: z.ZodString;
        fields: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type ApiError = z.infer<typeof apiErrorSchema>;
export declare const ERROR_CODES: {
    readonly VALIDATION: "VALIDATION_ERROR";
    readonly BAD_REQUEST: "BAD_REQUEST";
    readonly UNAUTHENTICATED: "UNAUTHENTICATED";
    readonly INVALID_CREDENTIALS: "INVALID_CREDENTIALS";
    readonly FORBIDDEN: "FORBIDDEN";
    readonly ACCOUNT_INACTIVE: "ACCOUNT_INACTIVE";
    readonly NOT_FOUND: "NOT_FOUND";
    readonly CONFLICT: "CONFLICT";
    readonly RATE_LIMITED: "RATE_LIMITED";
    readonly INTERNAL: "INTERNAL_ERROR";
};
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
/** Reads the human message out of any API error body, for toasts. */
export declare function errorMessageOf(body: unknown, fallback?: string): string;
