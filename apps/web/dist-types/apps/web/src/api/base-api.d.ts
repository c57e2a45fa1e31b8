import { type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from "@reduxjs/toolkit/query/react";
export declare function setSessionEndedHandler(handler: () => void): void;
/** The one RTK Query API; each feature injects its endpoints and tags. */
export declare const baseApi: import("@reduxjs/toolkit/query").Api<BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>, {}, "api", "Business" | "Employee" | "Product" | "Category" | "Stock" | "Transfer" | "Notification" | "Sale" | "Order" | "Section" | "Printer" | "CaptainOrder", typeof import("@reduxjs/toolkit/query").coreModuleName | typeof import("@reduxjs/toolkit/query/react").reactHooksModuleName>;
