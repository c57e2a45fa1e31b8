import type { Actor, BusinessContext } from "@app/shared/permissions/areas";
declare const rootReducer: import("redux").Reducer<{
    session: import("../features/auth/session-slice.ts").SessionState;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
    business: import("../features/business/business-slice.ts").BusinessState;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
    pos: import("../features/pos/pos-slice.ts").PosState;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", "api">;
}, import("redux").UnknownAction, Partial<{
    session: import("../features/auth/session-slice.ts").SessionState | undefined;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState | undefined;
    business: import("../features/business/business-slice.ts").BusinessState | undefined;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState | undefined;
    pos: import("../features/pos/pos-slice.ts").PosState | undefined;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", "api"> | undefined;
}>>;
export type RootState = ReturnType<typeof rootReducer>;
/**
 * What survives a reload, encrypted: session, business data and access key (spec section 3),
 * and the till's open tickets, so a reload in the middle of a sale loses nothing.
 */
export type PersistedState = Pick<RootState, "session" | "business" | "accessKey" | "pos">;
export declare function createStore(preloaded?: Partial<PersistedState>): import("@reduxjs/toolkit").EnhancedStore<{
    session: import("../features/auth/session-slice.ts").SessionState;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
    business: import("../features/business/business-slice.ts").BusinessState;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
    pos: import("../features/pos/pos-slice.ts").PosState;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", "api">;
}, import("redux").UnknownAction, import("@reduxjs/toolkit").Tuple<[import("redux").StoreEnhancer<{
    dispatch: import("redux-thunk").ThunkDispatch<{
        session: import("../features/auth/session-slice.ts").SessionState;
        accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
        business: import("../features/business/business-slice.ts").BusinessState;
        notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
        pos: import("../features/pos/pos-slice.ts").PosState;
        api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", "api">;
    }, undefined, import("redux").UnknownAction>;
}>, import("redux").StoreEnhancer]>>;
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore["dispatch"];
export declare const useAppDispatch: import("react-redux").UseDispatch<import("redux-thunk").ThunkDispatch<{
    session: import("../features/auth/session-slice.ts").SessionState;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
    business: import("../features/business/business-slice.ts").BusinessState;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
    pos: import("../features/pos/pos-slice.ts").PosState;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", "api">;
}, undefined, import("redux").UnknownAction> & import("redux").Dispatch<import("redux").UnknownAction>>;
export declare const useAppSelector: import("react-redux").UseSelector<{
    session: import("../features/auth/session-slice.ts").SessionState;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
    business: import("../features/business/business-slice.ts").BusinessState;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
    pos: import("../features/pos/pos-slice.ts").PosState;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", "api">;
}>;
/** The signed-in user as the shared permission rules see them. */
export declare const selectActor: (s: RootState) => (Actor & {
    details: {
        _id: string;
    };
}) | null;
export declare const selectBusinessContext: (s: RootState) => BusinessContext;
export {};
