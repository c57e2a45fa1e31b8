/** The start-up screen (spec section 2: shown for 1 second while the saved session is restored). */
export declare function LoadingScreen(): import("react").JSX.Element;
