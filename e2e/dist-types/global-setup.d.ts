export declare const SUPPORT: {
    username: string;
    password: string;
};
/** M-Pesa numbers the fake Daraja answers specially: the customer cancels (1032), or never answers (1037, no callback). */
export declare const MPESA_CANCELS = "0711000032";
export declare const MPESA_TIMES_OUT = "0711000037";
/** Starts fake PayPal and Daraja servers, then the built app on a fresh data dir (embedded PostgreSQL) with a support user. */
export default function globalSetup(): Promise<() => Promise<void>>;
