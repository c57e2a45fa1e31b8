/**
 * Logout (spec section 4): tell the server, then clear the user. An admin also clears the
 * access key and business data and goes to /access; an employee goes to /normalaccounts.
 * A failed server call is only logged; logout completes anyway.
 */
export declare function useLogout(): () => Promise<void>;
