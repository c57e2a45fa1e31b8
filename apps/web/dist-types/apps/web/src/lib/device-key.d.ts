/** The device key, created on first use. */
export declare function getDeviceKey(): Promise<CryptoKey>;
/** For tests: forget the in-memory handle (the stored key stays). */
export declare function resetDeviceKeyCache(): void;
