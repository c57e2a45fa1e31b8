import { type PayloadAction } from "@reduxjs/toolkit";
import type { Session } from "@app/shared/auth/auth";
/** The signed-in user (spec section 4 "Login": start, success, failure, logout). */
export type SessionState = {
    user: Session | null;
    loading: boolean;
    error: string | null;
};
export declare const sessionSlice: import("@reduxjs/toolkit").Slice<SessionState, {
    loginStart: (s: {
        user: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | null;
        loading: boolean;
        error: string | null;
    }) => void;
    loginSuccess: (s: {
        user: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | null;
        loading: boolean;
        error: string | null;
    }, a: PayloadAction<Session>) => void;
    loginFailure: (s: {
        user: {
            token: string;
            isAdmin: boolean;
            details: {
                isSupportUser: boolean;
                handleStock: boolean;
                handleTransfer: boolean;
                reviewStock: boolean;
                viewPayroll: boolean;
                viewBooking: boolean;
                viewEmployee: boolean;
                viewSupplies: boolean;
                viewExpenses: boolean;
                _id: string;
                username: string;
                image: string | null;
                occupation: string;
            };
        } | null;
        loading: boolean;
        error: string | null;
    }, a: PayloadAction<string>) => void;
    loggedOut: () => SessionState;
}, "session", "session", import("@reduxjs/toolkit").SliceSelectors<SessionState>>;
export declare const loginStart: import("@reduxjs/toolkit").ActionCreatorWithoutPayload<"session/loginStart">, loginSuccess: import("@reduxjs/toolkit").ActionCreatorWithPayload<{
    token: string;
    isAdmin: boolean;
    details: {
        isSupportUser: boolean;
        handleStock: boolean;
        handleTransfer: boolean;
        reviewStock: boolean;
        viewPayroll: boolean;
        viewBooking: boolean;
        viewEmployee: boolean;
        viewSupplies: boolean;
        viewExpenses: boolean;
        _id: string;
        username: string;
        image: string | null;
        occupation: string;
    };
}, "session/loginSuccess">, loginFailure: import("@reduxjs/toolkit").ActionCreatorWithPayload<string, "session/loginFailure">, loggedOut: import("@reduxjs/toolkit").ActionCreatorWithoutPayload<"session/loggedOut">;
