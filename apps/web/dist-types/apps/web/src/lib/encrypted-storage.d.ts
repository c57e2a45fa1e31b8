/** Persistence version of spec section 9; a stored value of another version is not read. */
export declare const PERSIST_VERSION = 1;
export declare const STORAGE_KEY = "duka-state";
/** Encrypts a JSON value with the device key (AES-GCM, fresh IV) into localStorage. */
export declare function saveEncrypted(value: unknown, storageKey?: string): Promise<void>;
/**
 * Reads and decrypts the stored value. Nothing stored: null. Anything that cannot be
 * decrypted (another device's key, tampering, another version): logged, and null, so the
 * app starts from an empty state (spec sections 3 and 8).
 */
export declare function loadEncrypted<T>(storageKey?: string): Promise<T | null>;
