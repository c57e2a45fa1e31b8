import { type Page } from "@playwright/test";
export declare const unique: () => string;
export declare function shot(page: Page, name: string): Promise<void>;
/** Registers a business through /home and lands signed in as its owner. */
export declare function registerFromHome(page: Page, opts: {
    businessName: string;
    username: string;
    type?: string;
}): Promise<void>;
/** The labels of the sidebar, top to bottom. */
export declare function menuLabels(page: Page): Promise<string[]>;
export declare function ownerSignIn(page: Page, username: string, password: string): Promise<void>;
/**
 * Runs the server's renewal and lapse job once, as at `now` (npm run billing -- --now), against
 * the e2e server's database, and returns what it did.
 */
export declare function runBillingJob(now: Date): Record<string, unknown>;
