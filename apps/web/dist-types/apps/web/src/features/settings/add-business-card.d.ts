/** An owner adds another business (a branch, a second shop) to the same account. */
export declare function AddBusinessCard(): import("react").JSX.Element;
