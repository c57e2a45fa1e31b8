/** Shown while a lazy page loads. */
export declare function FullPageSpinner(): import("react").JSX.Element;
