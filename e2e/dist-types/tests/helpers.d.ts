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
