/** /adminaccounts: business owners and provider support sign in (username or email). */
export declare function AdminLoginPage(): import("react").JSX.Element;
