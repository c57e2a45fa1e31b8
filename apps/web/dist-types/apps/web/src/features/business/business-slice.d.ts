import { type PayloadAction } from "@reduxjs/toolkit";
import type { Business } from "@app/shared/business/business";
/**
 * The business the app acts for (spec section 3 "Business data": id, businessType,
 * accountActive) and the others the user may switch to.
 */
export type BusinessState = {
    current: Business | null;
    list: Business[];
    isFetching: boolean;
    error: boolean;
};
export declare const businessSlice: import("@reduxjs/toolkit").Slice<BusinessState, {
    businessesFetchStart: (s: {
        current: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        } | null;
        list: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        }[];
        isFetching: boolean;
        error: boolean;
    }) => void;
    businessesFetched: (s: {
        current: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        } | null;
        list: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        }[];
        isFetching: boolean;
        error: boolean;
    }, a: PayloadAction<Business[]>) => void;
    businessesFetchFailure: (s: {
        current: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        } | null;
        list: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        }[];
        isFetching: boolean;
        error: boolean;
    }) => void;
    businessChosen: (s: {
        current: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        } | null;
        list: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        }[];
        isFetching: boolean;
        error: boolean;
    }, a: PayloadAction<string>) => void;
    /** Update success merges the returned record over the existing one (spec section 4). */
    businessUpdated: (s: {
        current: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        } | null;
        list: {
            _id: string;
            name: string;
            businessType: "general" | "hotel" | "clinic" | "payroll";
            accountActive: boolean;
            timeZone: string;
            createdAt: string;
        }[];
        isFetching: boolean;
        error: boolean;
    }, a: PayloadAction<Business>) => void;
    businessReset: () => BusinessState;
}, "business", "business", import("@reduxjs/toolkit").SliceSelectors<BusinessState>>;
export declare const businessesFetchStart: import("@reduxjs/toolkit").ActionCreatorWithoutPayload<"business/businessesFetchStart">, businessesFetched: import("@reduxjs/toolkit").ActionCreatorWithPayload<{
    _id: string;
    name: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
    accountActive: boolean;
    timeZone: string;
    createdAt: string;
}[], "business/businessesFetched">, businessesFetchFailure: import("@reduxjs/toolkit").ActionCreatorWithoutPayload<"business/businessesFetchFailure">, businessChosen: import("@reduxjs/toolkit").ActionCreatorWithPayload<string, "business/businessChosen">, businessUpdated: import("@reduxjs/toolkit").ActionCreatorWithPayload<{
    _id: string;
    name: string;
    businessType: "general" | "hotel" | "clinic" | "payroll";
    accountActive: boolean;
    timeZone: string;
    createdAt: string;
}, "business/businessUpdated">, businessReset: import("@reduxjs/toolkit").ActionCreatorWithoutPayload<"business/businessReset">;
