/** The side panel of notifications of the current business only (spec section 2). */
export declare function NotificationPanel(): import("react").JSX.Element;
