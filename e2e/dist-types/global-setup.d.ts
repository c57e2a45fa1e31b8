export declare const SUPPORT: {
    username: string;
    password: string;
};
/** Starts the built app on a fresh data dir (embedded PostgreSQL) and creates a support user. */
export default function globalSetup(): Promise<() => Promise<void>>;
