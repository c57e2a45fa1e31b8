import type { ReactNode } from "react";
/**
 * Protected routes need an access key and a signed-in user (spec section 2); on an inactive
 * account only /error (and Settings, for support) can be opened (spec section 4).
 */
export declare function AccessGuard({ children }: {
    children: ReactNode;
}): import("react").JSX.Element;
