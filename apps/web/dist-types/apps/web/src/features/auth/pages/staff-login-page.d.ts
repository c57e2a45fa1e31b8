/** /normalaccounts: staff sign in to the business this device is paired with. */
export declare function StaffLoginPage(): import("react").JSX.Element;
/** /login: the fallback of the access rules; the real ways in start at /home. */
export declare function LoginPage(): import("react").JSX.Element;
