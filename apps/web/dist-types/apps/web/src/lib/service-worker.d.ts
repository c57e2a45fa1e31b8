/**
 * Registers /sw.js, checks for a new version every hour, and reloads the page when a new
 * version takes control or says UPDATE_AVAILABLE (spec section 1). The very first install
 * on a device does not reload: there was no older version to replace.
 */
export declare function registerServiceWorker(): void;
