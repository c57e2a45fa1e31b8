/** Provider support: every business, with its account switched on or off. */
export declare function BusinessesAdminCard(): import("react").JSX.Element;
