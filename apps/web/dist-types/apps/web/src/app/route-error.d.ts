/** The fallback for unexpected routing errors (spec section 2). */
export declare function RouteError(): import("react").JSX.Element;
