import { type PayloadAction } from "@reduxjs/toolkit";
import type { AccessKey } from "@app/shared/auth/auth";
/** The device's pairing (spec section 4 "Access key": start, success, failure, reset). */
export type AccessKeyState = {
    key: AccessKey | null;
    loading: boolean;
    error: string | null;
};
export declare const accessKeySlice: import("@reduxjs/toolkit").Slice<AccessKeyState, {
    accessKeyStart: (s: {
        key: {
            type: "adminKey";
        } | {
            type: "normalKey";
            businessId: string;
            businessName: string;
        } | null;
        loading: boolean;
        error: string | null;
    }) => void;
    accessKeySuccess: (s: {
        key: {
            type: "adminKey";
        } | {
            type: "normalKey";
            businessId: string;
            businessName: string;
        } | null;
        loading: boolean;
        error: string | null;
    }, a: PayloadAction<AccessKey>) => void;
    accessKeyFailure: (s: {
        key: {
            type: "adminKey";
        } | {
            type: "normalKey";
            businessId: string;
            businessName: string;
        } | null;
        loading: boolean;
        error: string | null;
    }, a: PayloadAction<string>) => void;
    accessKeyReset: () => AccessKeyState;
}, "accessKey", "accessKey", import("@reduxjs/toolkit").SliceSelectors<AccessKeyState>>;
export declare const accessKeyStart: import("@reduxjs/toolkit").ActionCreatorWithoutPayload<"accessKey/accessKeyStart">, accessKeySuccess: import("@reduxjs/toolkit").ActionCreatorWithPayload<{
    type: "adminKey";
} | {
    type: "normalKey";
    businessId: string;
    businessName: string;
}, "accessKey/accessKeySuccess">, accessKeyFailure: import("@reduxjs/toolkit").ActionCreatorWithPayload<string, "accessKey/accessKeyFailure">, accessKeyReset: import("@reduxjs/toolkit").ActionCreatorWithoutPayload<"accessKey/accessKeyReset">;
