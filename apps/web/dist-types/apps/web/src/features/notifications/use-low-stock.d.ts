/**
 * Keeps the current business's low-stock notifications up to date (spec section 4): the server
 * applies the shared rule; they are polled every 60 s and refetched after any stock change,
 * and each product raises a toast at most once every 60 s.
 */
export declare function useLowStockNotifications(): void;
