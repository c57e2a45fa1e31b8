import type { Actor, BusinessContext } from "@app/shared/permissions/areas";
declare const rootReducer: import("redux").Reducer<{
    session: import("../features/auth/session-slice.ts").SessionState;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
    business: import("../features/business/business-slice.ts").BusinessState;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification", "api">;
}, import("redux").UnknownAction, Partial<{
    session: import("../features/auth/session-slice.ts").SessionState | undefined;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState | undefined;
    business: import("../features/business/business-slice.ts").BusinessState | undefined;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState | undefined;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification", "api"> | undefined;
}>>;
export type RootState = ReturnType<typeof rootReducer>;
/** What survives a reload (spec section 3): session, business data and access key, encrypted. */
export type PersistedState = Pick<RootState, "session" | "business" | "accessKey">;
export declare function createStore(preloaded?: Partial<PersistedState>): import("@reduxjs/toolkit").EnhancedStore<{
    session: import("../features/auth/session-slice.ts").SessionState;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
    business: import("../features/business/business-slice.ts").BusinessState;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification", "api">;
}, import("redux").UnknownAction, import("@reduxjs/toolkit").Tuple<[import("redux").StoreEnhancer<{
    dispatch: import("redux-thunk").ThunkDispatch<{
        session: import("../features/auth/session-slice.ts").SessionState;
        accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
        business: import("../features/business/business-slice.ts").BusinessState;
        notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
        api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification", "api">;
    }, undefined, import("redux").UnknownAction>;
}>, import("redux").StoreEnhancer]>>;
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore["dispatch"];
export declare const useAppDispatch: import("react-redux").UseDispatch<import("redux-thunk").ThunkDispatch<{
    session: import("../features/auth/session-slice.ts").SessionState;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
    business: import("../features/business/business-slice.ts").BusinessState;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification", "api">;
}, undefined, import("redux").UnknownAction> & import("redux").Dispatch<import("redux").UnknownAction>>;
export declare const useAppSelector: import("react-redux").UseSelector<{
    session: import("../features/auth/session-slice.ts").SessionState;
    accessKey: import("../features/auth/access-key-slice.ts").AccessKeyState;
    business: import("../features/business/business-slice.ts").BusinessState;
    notifications: import("../features/notifications/notifications-slice.ts").NotificationsState;
    api: import("@reduxjs/toolkit/query").CombinedState<{}, "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification", "api">;
}>;
/** The signed-in user as the shared permission rules see them. */
export declare const selectActor: (s: RootState) => (Actor & {
    details: {
        _id: string;
    };
}) | null;
export declare const selectBusinessContext: (s: RootState) => BusinessContext;
export {};
